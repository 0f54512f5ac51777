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

/**
 * A 1200x1600 portrait as staff upload for an event: a plain grey-blue background with a
 * skin-toned face (eyes, mouth) near the top, at 50% across and 18% down, and a dark grey body
 * below it. A crop around its middle cuts the head off.
 */
export function portraitWithFaceJpeg(): Promise<Buffer> {
  const width = 1200;
  const height = 1600;
  const cx = width * 0.5;
  const cy = height * 0.18;
  const r = 150;
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#8a9099"/>
    <rect x="${cx - 260}" y="${cy + r + 20}" width="520" height="${height}" rx="120" fill="#4b5058"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#e0a070"/>
    <circle cx="${cx - 55}" cy="${cy - 35}" r="18" fill="#201010"/>
    <circle cx="${cx + 55}" cy="${cy - 35}" r="18" fill="#201010"/>
    <rect x="${cx - 60}" y="${cy + 55}" width="120" height="18" rx="9" fill="#a02020"/></svg>`;
  return sharp(Buffer.from(scene)).jpeg({ quality: 90 }).toBuffer();
}
