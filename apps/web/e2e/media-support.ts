import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken, putBytes } from './support';

/** Silence as a WAV file (8-bit mono PCM): playable, so the browser can seek in it. */
export function silentWav(seconds = 0.5, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const buffer = Buffer.alloc(44 + samples);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples, 40);
  buffer.fill(128, 44);
  return buffer;
}

/** A plain picture in a mount folder, as the admin. */
export async function putPicture(
  request: APIRequestContext,
  folder: string,
  name: string,
  color: string,
  { width = 320, height = 200 } = {},
) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  await putBytes(request, folder, { name, mimeType: 'image/png', buffer });
}

/**
 * A short WebM video recorded in the browser from a canvas (MediaRecorder): no ffmpeg on these
 * machines, and Chromium plays what it records.
 */
export async function recordWebm(page: Page, frames = 20): Promise<Buffer> {
  const bytes = await page.evaluate(async (wanted) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    // Recorded until `wanted` frames were painted: the video's length follows what was drawn,
    // not a wait that a busy machine would fill with fewer frames.
    let frame = 0;
    const painted = new Promise<void>((resolve) => {
      const paint = setInterval(() => {
        context.fillStyle = `hsl(${(frame++ * 25) % 360} 70% 50%)`;
        context.fillRect(0, 0, canvas.width, canvas.height);
        if (frame >= wanted) {
          clearInterval(paint);
          resolve();
        }
      }, 40);
    });
    recorder.start(100);
    await painted;
    recorder.stop();
    await stopped;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  }, frames);
  return Buffer.from(bytes);
}

/** The admin's session in the page's storage, before any of its scripts run (no login form). */
export async function signInByToken(page: Page, request: APIRequestContext) {
  const token = await adminToken(request);
  await page.addInitScript((value) => localStorage.setItem('admin_token', value), token);
}
