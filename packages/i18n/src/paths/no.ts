import type { LanguagePaths } from "../pages.ts";

/** Norwegian (Bokmål). The glossary exists only in en and de, hence null. */
export const no: LanguagePaths = {
  home: "/",
  contact: "/kontakt",
  "knowledge-base": "/kunnskapsbase",
  "knowledge-base-article": "/kunnskapsbase/*",

  "about-company": "/om-oss/selskapet",
  "about-elexess-part-search": "/om-oss/elexess-komponentsok",
  "about-online-pcba": "/om-oss/kretskortmontering-online",
  "about-quality": "/om-oss/kvalitet",
  "about-team": "/om-oss/team",

  "em-bare-printed-circuit-boards": "/elektronikkproduksjon/kretskort",
  "em-development": "/elektronikkproduksjon/utvikling",
  "em-pcb-rework": "/elektronikkproduksjon/rework-av-kretskort",
  "em-pcba-prototyping": "/elektronikkproduksjon/prototypemontering",
  "em-pcba-volume-production": "/elektronikkproduksjon/serieproduksjon",
  "em-smt-assembly": "/elektronikkproduksjon/smt-montering",
  "em-tht-assembly": "/elektronikkproduksjon/tht-montering",

  "industry-automotive": "/bransjer/bilindustri",
  "industry-aviation-aerospace": "/bransjer/luft-og-romfart",
  "industry-consumer-electronics": "/bransjer/forbrukerelektronikk",
  "industry-defense-military": "/bransjer/forsvar",
  "industry-electronic-music-instruments": "/bransjer/elektroniske-musikkinstrumenter",
  "industry-ems-partner": "/bransjer/ems-partner",
  "industry-industrial-automation": "/bransjer/industriell-automasjon",
  "industry-led-lighting": "/bransjer/led-belysning",
  "industry-maritime-naval": "/bransjer/maritim-og-marine",
  "industry-medical-devices": "/bransjer/medisinsk-utstyr",
  "industry-oil-mining": "/bransjer/olje-gass-og-gruvedrift",

  "legal-imprint": "/juridisk/selskapsinformasjon",
  "legal-privacy": "/juridisk/personvernerklaering",
  "legal-terms": "/juridisk/salgs-og-leveringsbetingelser",

  "resources-downloads": "/ressurser/nedlastinger",
  "resources-faq": "/ressurser/ofte-stilte-sporsmal",
  "resources-case-studies": "/ressurser/kundecaser",
  "resources-europe-vs-asia": "/ressurser/europa-vs-asia-kretskortmontering",
  "resources-product-vs-traditional-ems": "/ressurser/{product}-vs-tradisjonell-ems",
  "resources-pcb-glossary": null,
};
