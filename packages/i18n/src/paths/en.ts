import type { LanguagePaths } from "../pages.ts";

/** English: the paths exactly as docs/behaviour/public-site.md#public-routes spells them. */
export const en: LanguagePaths = {
  home: "/",
  contact: "/contact",
  "knowledge-base": "/knowledge-base",
  "knowledge-base-article": "/knowledge-base/*",

  "about-company": "/about/company",
  "about-elexess-part-search": "/about/elexess-part-search",
  "about-online-pcba": "/about/online-pcba",
  "about-quality": "/about/quality",
  "about-team": "/about/team",

  "em-bare-printed-circuit-boards": "/electronics-manufacturing/bare-printed-circuit-boards",
  "em-development": "/electronics-manufacturing/development",
  "em-pcb-rework": "/electronics-manufacturing/pcb-rework",
  "em-pcba-prototyping": "/electronics-manufacturing/pcba-prototyping",
  "em-pcba-volume-production": "/electronics-manufacturing/pcba-volume-production",
  "em-smt-assembly": "/electronics-manufacturing/smt-assembly",
  "em-tht-assembly": "/electronics-manufacturing/tht-assembly",

  "industry-automotive": "/industries/automotive",
  "industry-aviation-aerospace": "/industries/aviation-aerospace",
  "industry-consumer-electronics": "/industries/consumer-electronics",
  "industry-defense-military": "/industries/defense-military",
  "industry-electronic-music-instruments": "/industries/electronic-music-instruments",
  "industry-ems-partner": "/industries/ems-partner",
  "industry-industrial-automation": "/industries/industrial-automation",
  "industry-led-lighting": "/industries/led-lighting",
  "industry-maritime-naval": "/industries/maritime-naval",
  "industry-medical-devices": "/industries/medical-devices",
  "industry-oil-mining": "/industries/oil-mining",

  "legal-imprint": "/legal/imprint",
  "legal-privacy": "/legal/privacy",
  "legal-terms": "/legal/terms-and-conditions",

  "resources-downloads": "/resources/downloads",
  "resources-faq": "/resources/faq",
  "resources-case-studies": "/resources/case-studies",
  "resources-europe-vs-asia": "/resources/europe-vs-asia-pcb-assembly",
  "resources-product-vs-traditional-ems": "/resources/{product}-vs-traditional-ems",
  "resources-pcb-glossary": "/resources/pcb-glossary",
};
