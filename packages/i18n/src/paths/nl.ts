import type { LanguagePaths } from "../pages.ts";

/** Dutch. The glossary exists only in en and de, hence null. */
export const nl: LanguagePaths = {
  home: "/",
  contact: "/contact",
  "knowledge-base": "/kennisbank",
  "knowledge-base-article": "/kennisbank/*",

  "about-company": "/over-ons/bedrijf",
  "about-elexess-part-search": "/over-ons/elexess-onderdelen-zoeken",
  "about-online-pcba": "/over-ons/online-pcb-assemblage",
  "about-quality": "/over-ons/kwaliteit",
  "about-team": "/over-ons/team",

  "em-bare-printed-circuit-boards": "/elektronicaproductie/onbestukte-printplaten",
  "em-development": "/elektronicaproductie/ontwikkeling",
  "em-pcb-rework": "/elektronicaproductie/pcb-rework",
  "em-pcba-prototyping": "/elektronicaproductie/prototype-assemblage",
  "em-pcba-volume-production": "/elektronicaproductie/serieproductie",
  "em-smt-assembly": "/elektronicaproductie/smt-assemblage",
  "em-tht-assembly": "/elektronicaproductie/tht-assemblage",

  "industry-automotive": "/branches/automotive",
  "industry-aviation-aerospace": "/branches/lucht-en-ruimtevaart",
  "industry-consumer-electronics": "/branches/consumentenelektronica",
  "industry-defense-military": "/branches/defensie",
  "industry-electronic-music-instruments": "/branches/elektronische-muziekinstrumenten",
  "industry-ems-partner": "/branches/ems-partner",
  "industry-industrial-automation": "/branches/industriele-automatisering",
  "industry-led-lighting": "/branches/led-verlichting",
  "industry-maritime-naval": "/branches/maritiem-en-marine",
  "industry-medical-devices": "/branches/medische-technologie",
  "industry-oil-mining": "/branches/olie-gas-en-mijnbouw",

  "legal-imprint": "/juridisch/colofon",
  "legal-privacy": "/juridisch/privacyverklaring",
  "legal-terms": "/juridisch/algemene-voorwaarden",

  "resources-downloads": "/informatie/downloads",
  "resources-faq": "/informatie/veelgestelde-vragen",
  "resources-case-studies": "/informatie/klantcases",
  "resources-europe-vs-asia": "/informatie/europa-vs-azie-pcb-assemblage",
  "resources-product-vs-traditional-ems": "/informatie/{product}-vs-traditionele-ems",
  "resources-pcb-glossary": null,
};
