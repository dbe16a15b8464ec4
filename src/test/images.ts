import sharp from 'sharp';

/** A real photo-like PNG of the given size, made for the test. */
export function makePng(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
}

export function makeJpegWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Person' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1' } })
    .toBuffer();
}

/** A PNG header that claims 100,000 x 100,000 pixels: a decompression bomb. */
export function makePixelBomb(): Buffer {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000186a0000186a00802000000' + '00000000' + '0000000049454e44ae426082', 'hex');
  return png;
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
