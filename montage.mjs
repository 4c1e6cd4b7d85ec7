import sharp from "sharp";
const files = process.argv.slice(3);
const out = process.argv[2];
const imgs = await Promise.all(files.map(async (f) => { const m = await sharp(f).metadata(); return { f, w: m.width, h: Math.min(m.height, 1900) }; }));
const W = imgs.reduce((a, i) => a + i.w + 10, 0), H = Math.max(...imgs.map((i) => i.h));
let x = 0; const comp = [];
for (const i of imgs) { comp.push({ input: await sharp(i.f).extract({ left: 0, top: 0, width: i.w, height: i.h }).toBuffer(), left: x, top: 0 }); x += i.w + 10; }
await sharp({ create: { width: W, height: H, channels: 3, background: "#888" } }).composite(comp).png().toFile(out);
