/**
 * The site icon, drawn in code: a lidded tea bowl (盖碗) with steam on red lacquer. `node web/tools/make-icons.mjs`
 * writes the SVG and the PNG sizes into web/public/icons/ (the PNGs are committed; this only needs re-running
 * when the drawing changes).
 */
export function iconSvg({ maskable = false, mono = false } = {}) {
  const cream = mono ? '#fff' : 'url(#cup)';
  const bg = mono
    ? ''
    : maskable
      ? '<rect width="512" height="512" fill="url(#bg)"/>'
      : '<rect width="512" height="512" rx="112" fill="url(#bg)"/><rect x="18" y="18" width="476" height="476" rx="96" fill="none" stroke="#e2b66a" stroke-width="6" opacity=".55"/>';
  // Maskable icons must keep their subject inside the central 80% circle.
  const scale = maskable ? 0.78 : 1;
  const t = `translate(${256 - 256 * scale} ${256 - 256 * scale}) scale(${scale})`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#be4a33"/><stop offset="1" stop-color="#7a2418"/></linearGradient>
<linearGradient id="cup" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffaf2"/><stop offset="1" stop-color="#e9d5b4"/></linearGradient>
</defs>
${bg}
<g transform="${t}">
<path d="M196 158c-20-24 20-40 0-66M256 146c-20-24 20-40 0-66M316 158c-20-24 20-40 0-66" fill="none" stroke="${mono ? '#fff' : '#f7e6c8'}" stroke-width="15" stroke-linecap="round" opacity="${mono ? 1 : 0.9}"/>
<ellipse cx="256" cy="392" rx="158" ry="28" fill="${mono ? '#fff' : '#e2b66a'}"/>
<path d="M128 236h256c0 86-54 146-128 146s-128-60-128-146z" fill="${cream}"/>
<path d="M150 208c30-34 182-34 212 0z" fill="${cream}"/>
<rect x="236" y="176" width="40" height="22" rx="10" fill="${cream}"/>
${mono ? '' : '<path d="M148 270h216" stroke="#9b2d20" stroke-width="12" stroke-linecap="round"/><circle cx="256" cy="318" r="16" fill="none" stroke="#9b2d20" stroke-width="8"/>'}
</g>
</svg>
`;
}
