import sharp from "sharp";

// Pictures the tests make for themselves, like the ones staff upload from a phone.

let phone: Promise<Buffer> | undefined;

/**
 * A 4032x3024 phone photo as a camera writes it: sideways pixels with EXIF orientation 6 (turn a
 * quarter clockwise), the camera's make, GPS coordinates and an XMP packet. Its top left corner is
 * red, the rest a blue-to-amber gradient with some grain, about 2.5 MB.
 */
export function phoneJpeg(): Promise<Buffer> {
  phone ??= (async () => {
    const width = 4032;
    const height = 3024;
    const grain = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .blur(1.2)
      .png()
      .toBuffer();
    const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/><rect width="800" height="400" fill="#ff0000"/></svg>`;
    return sharp(Buffer.from(scene))
      .composite([{ input: grain, blend: "soft-light" }])
      .jpeg({ quality: 92 })
      .withExif({
        IFD0: { Make: "PhoneCo", Model: "PhoneCo 15" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "26/1 13/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "50/1 35/1 0/1",
        },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="PhoneCo Camera"/></rdf:RDF></x:xmpmeta>',
      )
      .withMetadata({ orientation: 6 })
      .toBuffer();
  })();
  return phone;
}
