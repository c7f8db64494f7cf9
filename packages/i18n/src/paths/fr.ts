import type { LanguagePaths } from "../pages.ts";

/** French. The glossary exists only in en and de, hence null. */
export const fr: LanguagePaths = {
  home: "/",
  contact: "/contact",
  "knowledge-base": "/base-de-connaissances",
  "knowledge-base-article": "/base-de-connaissances/*",

  "about-company": "/a-propos/entreprise",
  "about-elexess-part-search": "/a-propos/recherche-de-composants-elexess",
  "about-online-pcba": "/a-propos/assemblage-de-cartes-en-ligne",
  "about-quality": "/a-propos/qualite",
  "about-team": "/a-propos/equipe",

  "em-bare-printed-circuit-boards": "/fabrication-electronique/circuits-imprimes-nus",
  "em-development": "/fabrication-electronique/developpement",
  "em-pcb-rework": "/fabrication-electronique/retouche-de-cartes",
  "em-pcba-prototyping": "/fabrication-electronique/prototypage-de-cartes",
  "em-pcba-volume-production": "/fabrication-electronique/production-en-serie",
  "em-smt-assembly": "/fabrication-electronique/assemblage-cms",
  "em-tht-assembly": "/fabrication-electronique/assemblage-traversant",

  "industry-automotive": "/secteurs/automobile",
  "industry-aviation-aerospace": "/secteurs/aeronautique-et-spatial",
  "industry-consumer-electronics": "/secteurs/electronique-grand-public",
  "industry-defense-military": "/secteurs/defense",
  "industry-electronic-music-instruments": "/secteurs/instruments-de-musique-electroniques",
  "industry-ems-partner": "/secteurs/partenaire-ems",
  "industry-industrial-automation": "/secteurs/automatisation-industrielle",
  "industry-led-lighting": "/secteurs/eclairage-led",
  "industry-maritime-naval": "/secteurs/maritime-et-naval",
  "industry-medical-devices": "/secteurs/dispositifs-medicaux",
  "industry-oil-mining": "/secteurs/petrole-gaz-et-mines",

  "legal-imprint": "/juridique/mentions-legales",
  "legal-privacy": "/juridique/politique-de-confidentialite",
  "legal-terms": "/juridique/conditions-generales",

  "resources-downloads": "/ressources/telechargements",
  "resources-faq": "/ressources/faq",
  "resources-case-studies": "/ressources/etudes-de-cas",
  "resources-europe-vs-asia": "/ressources/assemblage-de-cartes-europe-vs-asie",
  "resources-product-vs-traditional-ems": "/ressources/{product}-vs-ems-traditionnel",
  "resources-pcb-glossary": null,
};
