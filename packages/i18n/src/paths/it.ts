import type { LanguagePaths } from "../pages.ts";

/** Italian. Case studies are /risorse/casi-studio; the glossary exists only in en and de, hence null. */
export const it: LanguagePaths = {
  home: "/",
  contact: "/contatti",
  "knowledge-base": "/base-di-conoscenza",
  "knowledge-base-article": "/base-di-conoscenza/*",

  "about-company": "/chi-siamo/azienda",
  "about-elexess-part-search": "/chi-siamo/ricerca-componenti-elexess",
  "about-online-pcba": "/chi-siamo/assemblaggio-pcb-online",
  "about-quality": "/chi-siamo/qualita",
  "about-team": "/chi-siamo/team",

  "em-bare-printed-circuit-boards": "/produzione-elettronica/circuiti-stampati",
  "em-development": "/produzione-elettronica/sviluppo",
  "em-pcb-rework": "/produzione-elettronica/rilavorazione-pcb",
  "em-pcba-prototyping": "/produzione-elettronica/prototipazione-pcba",
  "em-pcba-volume-production": "/produzione-elettronica/produzione-in-serie",
  "em-smt-assembly": "/produzione-elettronica/montaggio-smt",
  "em-tht-assembly": "/produzione-elettronica/montaggio-tht",

  "industry-automotive": "/settori/automotive",
  "industry-aviation-aerospace": "/settori/aeronautica-e-aerospazio",
  "industry-consumer-electronics": "/settori/elettronica-di-consumo",
  "industry-defense-military": "/settori/difesa",
  "industry-electronic-music-instruments": "/settori/strumenti-musicali-elettronici",
  "industry-ems-partner": "/settori/partner-ems",
  "industry-industrial-automation": "/settori/automazione-industriale",
  "industry-led-lighting": "/settori/illuminazione-led",
  "industry-maritime-naval": "/settori/marittimo-e-navale",
  "industry-medical-devices": "/settori/dispositivi-medici",
  "industry-oil-mining": "/settori/petrolio-gas-e-miniere",

  "legal-imprint": "/legale/note-legali",
  "legal-privacy": "/legale/privacy",
  "legal-terms": "/legale/condizioni-generali",

  "resources-downloads": "/risorse/download",
  "resources-faq": "/risorse/faq",
  "resources-case-studies": "/risorse/casi-studio",
  "resources-europe-vs-asia": "/risorse/assemblaggio-pcb-europa-vs-asia",
  "resources-product-vs-traditional-ems": "/risorse/{product}-vs-ems-tradizionale",
  "resources-pcb-glossary": null,
};
