import type { LanguagePaths } from "../pages.ts";

/** European Portuguese (pt-PT). The glossary exists only in en and de, hence null. */
export const pt: LanguagePaths = {
  home: "/",
  contact: "/contactos",
  "knowledge-base": "/base-de-conhecimento",
  "knowledge-base-article": "/base-de-conhecimento/*",

  "about-company": "/sobre/empresa",
  "about-elexess-part-search": "/sobre/pesquisa-de-componentes-elexess",
  "about-online-pcba": "/sobre/montagem-de-pcb-online",
  "about-quality": "/sobre/qualidade",
  "about-team": "/sobre/equipa",

  "em-bare-printed-circuit-boards": "/fabrico-eletronico/placas-de-circuito-impresso",
  "em-development": "/fabrico-eletronico/desenvolvimento",
  "em-pcb-rework": "/fabrico-eletronico/retrabalho-de-pcb",
  "em-pcba-prototyping": "/fabrico-eletronico/prototipagem-pcba",
  "em-pcba-volume-production": "/fabrico-eletronico/producao-em-serie",
  "em-smt-assembly": "/fabrico-eletronico/montagem-smt",
  "em-tht-assembly": "/fabrico-eletronico/montagem-tht",

  "industry-automotive": "/setores/automovel",
  "industry-aviation-aerospace": "/setores/aeronautica-e-aeroespacial",
  "industry-consumer-electronics": "/setores/eletronica-de-consumo",
  "industry-defense-military": "/setores/defesa",
  "industry-electronic-music-instruments": "/setores/instrumentos-musicais-eletronicos",
  "industry-ems-partner": "/setores/parceiro-ems",
  "industry-industrial-automation": "/setores/automacao-industrial",
  "industry-led-lighting": "/setores/iluminacao-led",
  "industry-maritime-naval": "/setores/maritimo-e-naval",
  "industry-medical-devices": "/setores/dispositivos-medicos",
  "industry-oil-mining": "/setores/petroleo-e-mineracao",

  "legal-imprint": "/legal/aviso-legal",
  "legal-privacy": "/legal/politica-de-privacidade",
  "legal-terms": "/legal/termos-e-condicoes",

  "resources-downloads": "/recursos/downloads",
  "resources-faq": "/recursos/perguntas-frequentes",
  "resources-case-studies": "/recursos/casos-de-estudo",
  "resources-europe-vs-asia": "/recursos/montagem-de-pcb-europa-vs-asia",
  "resources-product-vs-traditional-ems": "/recursos/{product}-vs-ems-tradicional",
  "resources-pcb-glossary": null,
};
