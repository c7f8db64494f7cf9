import type { LanguagePaths } from "../pages.ts";

/** Spanish (Spain). The glossary exists only in en and de, hence null. */
export const es: LanguagePaths = {
  home: "/",
  contact: "/contacto",
  "knowledge-base": "/base-de-conocimiento",
  "knowledge-base-article": "/base-de-conocimiento/*",

  "about-company": "/sobre-nosotros/empresa",
  "about-elexess-part-search": "/sobre-nosotros/buscador-de-componentes-elexess",
  "about-online-pcba": "/sobre-nosotros/montaje-de-pcb-online",
  "about-quality": "/sobre-nosotros/calidad",
  "about-team": "/sobre-nosotros/equipo",

  "em-bare-printed-circuit-boards": "/fabricacion-electronica/placas-de-circuito-impreso",
  "em-development": "/fabricacion-electronica/desarrollo",
  "em-pcb-rework": "/fabricacion-electronica/retrabajo-de-pcb",
  "em-pcba-prototyping": "/fabricacion-electronica/prototipos-pcba",
  "em-pcba-volume-production": "/fabricacion-electronica/produccion-en-serie",
  "em-smt-assembly": "/fabricacion-electronica/montaje-smt",
  "em-tht-assembly": "/fabricacion-electronica/montaje-tht",

  "industry-automotive": "/sectores/automocion",
  "industry-aviation-aerospace": "/sectores/aeronautica-y-aeroespacial",
  "industry-consumer-electronics": "/sectores/electronica-de-consumo",
  "industry-defense-military": "/sectores/defensa",
  "industry-electronic-music-instruments": "/sectores/instrumentos-musicales-electronicos",
  "industry-ems-partner": "/sectores/socio-ems",
  "industry-industrial-automation": "/sectores/automatizacion-industrial",
  "industry-led-lighting": "/sectores/iluminacion-led",
  "industry-maritime-naval": "/sectores/maritimo-y-naval",
  "industry-medical-devices": "/sectores/dispositivos-medicos",
  "industry-oil-mining": "/sectores/petroleo-gas-y-mineria",

  "legal-imprint": "/legal/aviso-legal",
  "legal-privacy": "/legal/politica-de-privacidad",
  "legal-terms": "/legal/condiciones-generales",

  "resources-downloads": "/recursos/descargas",
  "resources-faq": "/recursos/preguntas-frecuentes",
  "resources-case-studies": "/recursos/casos-de-exito",
  "resources-europe-vs-asia": "/recursos/montaje-de-pcb-europa-vs-asia",
  "resources-product-vs-traditional-ems": "/recursos/{product}-vs-ems-tradicional",
  "resources-pcb-glossary": null,
};
