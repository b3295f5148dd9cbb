/**
 * The reference beside the portal's covers in bench/memory.ts: plain Node resizing each image POSTed to it as
 * the portal does, with sharp as it comes (its cache and its threads as they are by default) and no queue, in a
 * process of its own; a GET answers 200 (it is up). Run: PORT=4910 node bench/reference/covers.ts
 */
import { createServer } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { COVER_SIZE } from '@portal/contract';
import sharp from 'sharp';

createServer(async (request, response) => {
  const image = await buffer(request);
  if (request.method !== 'POST') {
    response.end();
    return;
  }
  const cover = await sharp(image)
    .rotate()
    .resize(COVER_SIZE.width, COVER_SIZE.height, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
  response.writeHead(200, { 'content-type': 'image/webp' }).end(cover);
}).listen(Number(process.env.PORT), '127.0.0.1');
