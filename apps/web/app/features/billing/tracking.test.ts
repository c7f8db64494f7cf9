import { describe, expect, it } from "vitest";

import { trackingUrl } from "./tracking";

describe("trackingUrl", () => {
  it.each([
    ["DHL Express", "https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0141&submit=1"],
    ["ups standard", "https://www.ups.com/track?tracknum=JD0141"],
    ["DPD Classic", "https://tracking.dpd.de/status/en_US/parcel/JD0141"],
    ["FedEx International Priority", "https://www.fedex.com/fedextrack/?trknbr=JD0141"],
    ["Fed Ex", "https://www.fedex.com/fedextrack/?trknbr=JD0141"],
    ["GLS", "https://gls-group.com/track/JD0141"],
    [
      "TNT Economy",
      "https://www.tnt.com/express/en_gc/site/shipping-tools/tracking.html?searchType=con&cons=JD0141",
    ],
  ])("links %s to its tracking page", (carrier, url) => {
    expect(trackingUrl(carrier, "JD0141")).toBe(url);
  });

  it("has no link for other carriers, words that merely contain a name, or no number", () => {
    expect(trackingUrl("Spedition Krause", "123")).toBeNull();
    expect(trackingUrl("Groupsend", "123")).toBeNull();
    expect(trackingUrl("DHL", null)).toBeNull();
    expect(trackingUrl("DHL", "  ")).toBeNull();
    expect(trackingUrl(null, "123")).toBeNull();
  });

  it("encodes the number", () => {
    expect(trackingUrl("UPS", "1Z 99/&x")).toBe("https://www.ups.com/track?tracknum=1Z%2099%2F%26x");
  });
});
