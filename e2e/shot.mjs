import { chromium } from "playwright-core";
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
for (const spec of pages) {
  const [path, width, scheme] = spec.split("|");
  const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 }, colorScheme: scheme ?? "light" });
  if (scheme === "dark") await ctx.addCookies([{ name: "color_mode", value: "dark", url: "http://localhost:3000" }]);
  const page = await ctx.newPage();
  await page.goto(`http://localhost:3000${path}`, { waitUntil: "networkidle" });
  const name = `${path.replace(/[^a-z0-9]+/gi, "_")}_${width}_${scheme ?? "light"}`;
  const full = await page.evaluate(() => document.body.scrollHeight); await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true, clip: { x: 0, y: Number(process.env.Y ?? 0), width: Number(width), height: Math.min(full - Number(process.env.Y ?? 0), 1800) } });
  console.log(name);
  await ctx.close();
}
await browser.close();
