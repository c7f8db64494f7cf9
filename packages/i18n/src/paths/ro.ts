import type { LanguagePaths } from "../pages.ts";

/** Romanian. Case studies at /resurse/studii-de-caz (docs/behaviour/public-site.md#case-study-redirects). The glossary exists only in en and de, hence null. */
export const ro: LanguagePaths = {
  home: "/",
  contact: "/contact",
  "knowledge-base": "/baza-de-cunostinte",
  "knowledge-base-article": "/baza-de-cunostinte/*",

  "about-company": "/despre/companie",
  "about-elexess-part-search": "/despre/cautare-componente-elexess",
  "about-online-pcba": "/despre/asamblare-pcb-online",
  "about-quality": "/despre/calitate",
  "about-team": "/despre/echipa",

  "em-bare-printed-circuit-boards": "/productie-electronica/placi-pcb-neechipate",
  "em-development": "/productie-electronica/dezvoltare",
  "em-pcb-rework": "/productie-electronica/rework-pcb",
  "em-pcba-prototyping": "/productie-electronica/prototipuri-pcba",
  "em-pcba-volume-production": "/productie-electronica/productie-de-serie",
  "em-smt-assembly": "/productie-electronica/asamblare-smt",
  "em-tht-assembly": "/productie-electronica/asamblare-tht",

  "industry-automotive": "/industrii/auto",
  "industry-aviation-aerospace": "/industrii/aviatie-si-aerospatial",
  "industry-consumer-electronics": "/industrii/electronice-de-larg-consum",
  "industry-defense-military": "/industrii/aparare",
  "industry-electronic-music-instruments": "/industrii/instrumente-muzicale-electronice",
  "industry-ems-partner": "/industrii/partener-ems",
  "industry-industrial-automation": "/industrii/automatizari-industriale",
  "industry-led-lighting": "/industrii/iluminat-led",
  "industry-maritime-naval": "/industrii/maritim-si-naval",
  "industry-medical-devices": "/industrii/dispozitive-medicale",
  "industry-oil-mining": "/industrii/petrol-si-minerit",

  "legal-imprint": "/legal/informatii-legale",
  "legal-privacy": "/legal/politica-de-confidentialitate",
  "legal-terms": "/legal/termeni-si-conditii",

  "resources-downloads": "/resurse/descarcari",
  "resources-faq": "/resurse/intrebari-frecvente",
  "resources-case-studies": "/resurse/studii-de-caz",
  "resources-europe-vs-asia": "/resurse/asamblare-pcb-europa-vs-asia",
  "resources-product-vs-traditional-ems": "/resurse/{product}-vs-ems-traditional",
  "resources-pcb-glossary": null,
};
