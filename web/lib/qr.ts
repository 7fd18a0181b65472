import { correction, generate } from 'lean-qr/nano';

/** A QR code as the client draws it: its module grid and one SVG path of the dark modules. */
export interface QrMatrix {
  /** Modules per side, without the quiet zone (17 + 4 × version). */
  size: number;
  /** rows[y][x] is true where the module is dark. */
  rows: boolean[][];
  /** SVG path in module units, already shifted by the quiet zone. */
  path: string;
  /** Side of the whole picture in module units, quiet zone included. */
  side: number;
}

/** The standard asks for four light modules around the code; phone cameras lock on far worse without them. */
export const QUIET_ZONE = 4;

/**
 * Encodes a link as a QR code. Correction level M (15 %) at least: a code shown on a glossy laptop screen
 * loses some modules to glare, and the seat link is short enough that the extra level costs only a version or two.
 */
export function qrMatrix(text: string): QrMatrix {
  const code = generate(text, { minCorrectionLevel: correction.M });
  const rows: boolean[][] = [];
  let path = '';
  for (let y = 0; y < code.size; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < code.size; x++) {
      const dark = code.get(x, y);
      row.push(dark);
      // One unit square per dark module; rendered with crispEdges the squares join without seams.
      if (dark) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
    }
    rows.push(row);
  }
  return { size: code.size, rows, path, side: code.size + 2 * QUIET_ZONE };
}
