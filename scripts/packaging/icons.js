#!/usr/bin/env node
// `npm run icons`: renders build/icon.svg into every icon the packager and the window use —
// PNGs for Linux (build/icons/NxN.png), build/icon.icns for macOS, build/icon.ico for Windows.
// The outputs are committed, so packaging needs none of these tools.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const build = join(dirname(fileURLToPath(import.meta.url)), '../../build');
const svg = readFileSync(join(build, 'icon.svg'));

/** The SVG drawn at `size` px square, as PNG bytes (resvg renders it; no resampling of a bitmap). */
function render(size) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

mkdirSync(join(build, 'icons'), { recursive: true });
// The sizes freedesktop icon themes and electron-builder's Linux targets look for.
for (const size of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) {
  writeFileSync(join(build, 'icons', `${size}x${size}.png`), render(size));
}
const master = render(1024);
writeFileSync(join(build, 'icon.png'), master);
const icns = png2icons.createICNS(master, png2icons.BICUBIC2, 0);
const ico = png2icons.createICO(render(256), png2icons.BICUBIC2, 0, false, true);
if (!icns || !ico) throw new Error('png2icons could not encode the icons');
writeFileSync(join(build, 'icon.icns'), icns);
writeFileSync(join(build, 'icon.ico'), ico);
console.log(`icons: wrote ${join(build, 'icons')}/*.png, icon.png, icon.icns and icon.ico`);
