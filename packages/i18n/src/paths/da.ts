import type { LanguagePaths } from "../pages.ts";

/** Danish. The glossary exists only in en and de, hence null. */
export const da: LanguagePaths = {
  home: "/",
  contact: "/kontakt",
  "knowledge-base": "/videnbase",
  "knowledge-base-article": "/videnbase/*",

  "about-company": "/om-os/virksomheden",
  "about-elexess-part-search": "/om-os/elexess-komponentsogning",
  "about-online-pcba": "/om-os/printmontage-online",
  "about-quality": "/om-os/kvalitet",
  "about-team": "/om-os/team",

  "em-bare-printed-circuit-boards": "/elektronikproduktion/printkort",
  "em-development": "/elektronikproduktion/udvikling",
  "em-pcb-rework": "/elektronikproduktion/rework-af-print",
  "em-pcba-prototyping": "/elektronikproduktion/prototypemontage",
  "em-pcba-volume-production": "/elektronikproduktion/serieproduktion",
  "em-smt-assembly": "/elektronikproduktion/smt-montage",
  "em-tht-assembly": "/elektronikproduktion/tht-montage",

  "industry-automotive": "/brancher/bilindustri",
  "industry-aviation-aerospace": "/brancher/luft-og-rumfart",
  "industry-consumer-electronics": "/brancher/forbrugerelektronik",
  "industry-defense-military": "/brancher/forsvar",
  "industry-electronic-music-instruments": "/brancher/elektroniske-musikinstrumenter",
  "industry-ems-partner": "/brancher/ems-partner",
  "industry-industrial-automation": "/brancher/industriel-automation",
  "industry-led-lighting": "/brancher/led-belysning",
  "industry-maritime-naval": "/brancher/skibsfart-og-marine",
  "industry-medical-devices": "/brancher/medicinsk-udstyr",
  "industry-oil-mining": "/brancher/olie-gas-og-minedrift",

  "legal-imprint": "/juridisk/virksomhedsoplysninger",
  "legal-privacy": "/juridisk/privatlivspolitik",
  "legal-terms": "/juridisk/salgs-og-leveringsbetingelser",

  "resources-downloads": "/ressourcer/downloads",
  "resources-faq": "/ressourcer/faq",
  "resources-case-studies": "/ressourcer/kundecases",
  "resources-europe-vs-asia": "/ressourcer/europa-vs-asien-printmontage",
  "resources-product-vs-traditional-ems": "/ressourcer/{product}-vs-traditionel-ems",
  "resources-pcb-glossary": null,
};
