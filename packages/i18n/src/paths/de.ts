import type { LanguagePaths } from "../pages.ts";

/**
 * German. The content paths the behaviour reference lists are kept exactly: /elektronikfertigung/tht-montage,
 * /elektronikfertigung/serienproduktion, /ueber/elexess-part-search, /ressourcen/fallstudien and
 * /ressourcen/leiterplatten-glossar; the other listed spellings are aliases in ../route-map.ts.
 */
export const de: LanguagePaths = {
  home: "/",
  contact: "/kontakt",
  "knowledge-base": "/wissensdatenbank",
  "knowledge-base-article": "/wissensdatenbank/*",

  "about-company": "/ueber/unternehmen",
  "about-elexess-part-search": "/ueber/elexess-part-search",
  "about-online-pcba": "/ueber/online-bestueckung",
  "about-quality": "/ueber/qualitaet",
  "about-team": "/ueber/team",

  "em-bare-printed-circuit-boards": "/elektronikfertigung/leiterplatten",
  "em-development": "/elektronikfertigung/entwicklung",
  "em-pcb-rework": "/elektronikfertigung/baugruppen-rework",
  "em-pcba-prototyping": "/elektronikfertigung/prototypenbestueckung",
  "em-pcba-volume-production": "/elektronikfertigung/serienproduktion",
  "em-smt-assembly": "/elektronikfertigung/smd-bestueckung",
  "em-tht-assembly": "/elektronikfertigung/tht-montage",

  "industry-automotive": "/branchen/automobilindustrie",
  "industry-aviation-aerospace": "/branchen/luft-und-raumfahrt",
  "industry-consumer-electronics": "/branchen/unterhaltungselektronik",
  "industry-defense-military": "/branchen/verteidigung",
  "industry-electronic-music-instruments": "/branchen/elektronische-musikinstrumente",
  "industry-ems-partner": "/branchen/ems-partner",
  "industry-industrial-automation": "/branchen/industrieautomation",
  "industry-led-lighting": "/branchen/led-beleuchtung",
  "industry-maritime-naval": "/branchen/schifffahrt-und-marine",
  "industry-medical-devices": "/branchen/medizintechnik",
  "industry-oil-mining": "/branchen/oel-und-bergbau",

  "legal-imprint": "/rechtliches/impressum",
  "legal-privacy": "/rechtliches/datenschutz",
  "legal-terms": "/rechtliches/agb",

  "resources-downloads": "/ressourcen/downloads",
  "resources-faq": "/ressourcen/faq",
  "resources-case-studies": "/ressourcen/fallstudien",
  "resources-europe-vs-asia": "/ressourcen/europa-vs-asien-leiterplattenbestueckung",
  "resources-product-vs-traditional-ems": "/ressourcen/{product}-vs-traditionelle-ems",
  "resources-pcb-glossary": "/ressourcen/leiterplatten-glossar",
};
