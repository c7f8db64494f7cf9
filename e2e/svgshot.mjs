import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
for (const n of ["fiducial-marks-1", "pcb-panelization-1", "reflow-soldering-profiles-1"]) {
  await page.goto(`http://localhost:3000/images/content/${n}.svg`);
  await page.screenshot({ path: `/tmp/shots/${n}.png` });
}
await browser.close();
