/**
 * Where seat tile k of m sits on an oval table (desktop), as CSS variables `--x`/`--y` (percentages of the
 * felt), going round from the bottom to your right. With `all` the first seat takes the bottom (yours, or the
 * first seat for a spectator); without it the bottom is left free for your own seat below the felt.
 */
export function ringPos(k: number, m: number, all: boolean, rx = 41, ry = 40): string {
  const a = all ? Math.PI / 2 - (k * 2 * Math.PI) / m : Math.PI / 2 - ((k + 1) * 2 * Math.PI) / (m + 1);
  const y = 50 + ry * Math.sin(a);
  const c = Math.cos(a);
  // --ty: how far up the tile hangs from its point, as much of its own height as the point is down the felt,
  // so a tall tile at the top grows downwards and one at the bottom upwards, both staying on the felt.
  // 驱鬼's voting layout finds the centre column by this text ("x: 50.0%" once in the style attribute).
  return `--x:${(50 + rx * c).toFixed(1)}%;--y:${y.toFixed(1)}%;--ty:${y.toFixed(1)}%`;
}
