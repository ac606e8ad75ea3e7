/** Media files built in code for tests and benchmarks: no fixtures to keep in the repository. */

import { execFileSync } from 'node:child_process';

/** A one-page PDF of `width` × `height` points with a blue rectangle on it. */
export function onePagePdf(width: number, height: number): Buffer {
  const content = `0 0 1 rg 10 10 ${width - 20} ${height - 20} re f`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

/**
 * An H.264 MP4 written by ffmpeg (which must be on the PATH), its index at the end as most
 * cameras write it: a test pattern, or with `noise` lossless random pixels (large, about
 * 3 MB a second at 320 × 240, with one key frame).
 */
export function writeVideo(
  file: string,
  { seconds, size = '320x240', noise = false }: { seconds: number; size?: string; noise?: boolean },
): void {
  const source = noise
    ? `nullsrc=s=${size}:r=25:d=${seconds},geq=lum='random(1)*255':cb=128:cr=128`
    : `testsrc=duration=${seconds}:size=${size}:rate=10`;
  const encoding = noise ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0'] : [];
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', source],
    ...encoding,
    ...['-pix_fmt', 'yuv420p', file],
  ]);
}
