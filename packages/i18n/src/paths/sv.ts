import type { LanguagePaths } from "../pages.ts";

/** Swedish. The glossary exists only in en and de, hence null. */
export const sv: LanguagePaths = {
  home: "/",
  contact: "/kontakt",
  "knowledge-base": "/kunskapsbank",
  "knowledge-base-article": "/kunskapsbank/*",

  "about-company": "/om-oss/foretaget",
  "about-elexess-part-search": "/om-oss/elexess-komponentsok",
  "about-online-pcba": "/om-oss/kretskortsmontering-online",
  "about-quality": "/om-oss/kvalitet",
  "about-team": "/om-oss/team",

  "em-bare-printed-circuit-boards": "/elektroniktillverkning/kretskort",
  "em-development": "/elektroniktillverkning/utveckling",
  "em-pcb-rework": "/elektroniktillverkning/omarbetning-av-kretskort",
  "em-pcba-prototyping": "/elektroniktillverkning/prototypmontering",
  "em-pcba-volume-production": "/elektroniktillverkning/serieproduktion",
  "em-smt-assembly": "/elektroniktillverkning/smt-montering",
  "em-tht-assembly": "/elektroniktillverkning/tht-montering",

  "industry-automotive": "/branscher/fordonsindustri",
  "industry-aviation-aerospace": "/branscher/flyg-och-rymd",
  "industry-consumer-electronics": "/branscher/hemelektronik",
  "industry-defense-military": "/branscher/forsvar",
  "industry-electronic-music-instruments": "/branscher/elektroniska-musikinstrument",
  "industry-ems-partner": "/branscher/ems-partner",
  "industry-industrial-automation": "/branscher/industriautomation",
  "industry-led-lighting": "/branscher/led-belysning",
  "industry-maritime-naval": "/branscher/sjofart-och-marin",
  "industry-medical-devices": "/branscher/medicinteknik",
  "industry-oil-mining": "/branscher/olja-gas-och-gruvdrift",

  "legal-imprint": "/juridiskt/foretagsinformation",
  "legal-privacy": "/juridiskt/integritetspolicy",
  "legal-terms": "/juridiskt/allmanna-villkor",

  "resources-downloads": "/resurser/nedladdningar",
  "resources-faq": "/resurser/vanliga-fragor",
  "resources-case-studies": "/resurser/kundcase",
  "resources-europe-vs-asia": "/resurser/europa-vs-asien-kretskortsmontering",
  "resources-product-vs-traditional-ems": "/resurser/{product}-vs-traditionell-ems",
  "resources-pcb-glossary": null,
};
