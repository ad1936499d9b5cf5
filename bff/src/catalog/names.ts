import type { Language } from '../http/lang';

/** State names in the interface languages (the catalog carries the German ones). */
const stateNames: Record<string, { en: string; hr: string }> = {
  BW: { en: 'Baden-Württemberg', hr: 'Baden-Württemberg' },
  BY: { en: 'Bavaria', hr: 'Bavarska' },
  BE: { en: 'Berlin', hr: 'Berlin' },
  BB: { en: 'Brandenburg', hr: 'Brandenburg' },
  HB: { en: 'Bremen', hr: 'Bremen' },
  HH: { en: 'Hamburg', hr: 'Hamburg' },
  HE: { en: 'Hesse', hr: 'Hessen' },
  MV: { en: 'Mecklenburg-Western Pomerania', hr: 'Mecklenburg-Zapadno Pomorje' },
  NI: { en: 'Lower Saxony', hr: 'Donja Saska' },
  NW: { en: 'North Rhine-Westphalia', hr: 'Sjeverna Rajna-Vestfalija' },
  RP: { en: 'Rhineland-Palatinate', hr: 'Porajnje-Falačka' },
  SL: { en: 'Saarland', hr: 'Saarland' },
  SN: { en: 'Saxony', hr: 'Saska' },
  ST: { en: 'Saxony-Anhalt', hr: 'Saska-Anhalt' },
  SH: { en: 'Schleswig-Holstein', hr: 'Schleswig-Holstein' },
  TH: { en: 'Thuringia', hr: 'Tiringija' },
};

export function stateName(code: string, german: string, lang: Language): string {
  if (lang === 'de') return german;
  return stateNames[code]?.[lang] ?? german;
}

/** Croatian names of the catalog's topics and subtopics (the catalog has de and en). */
export const topicNamesHr: Record<string, string> = {
  politics: 'Politika u demokraciji',
  history: 'Povijest i odgovornost',
  society: 'Čovjek i društvo',
  verfassungsprinzipien: 'Ustavna načela',
  grundrechte: 'Temeljna prava',
  'wahlen-und-beteiligung': 'Izbori i sudjelovanje',
  parteien: 'Političke stranke',
  verfassungsorgane: 'Ustavna tijela',
  foederalismus: 'Federalizam',
  'aufgaben-des-staates': 'Zadaće države',
  sozialsystem: 'Socijalni sustav',
  kommune: 'Općina',
  'recht-und-alltag': 'Pravo i svakodnevica',
  pflichten: 'Dužnosti',
  staatssymbole: 'Državni simboli',
  bundesland: 'Savezna zemlja',
  nationalsozialismus: 'Nacionalsocijalizam i njegove posljedice',
  'stationen-nach-1945': 'Važne postaje nakon 1945.',
  wiedervereinigung: 'Ponovno ujedinjenje',
  'deutschland-in-europa': 'Njemačka u Europi',
  'religioese-vielfalt': 'Vjerska raznolikost',
  bildung: 'Obrazovanje',
  migrationsgeschichte: 'Povijest migracija',
  'interkulturelles-zusammenleben': 'Interkulturalni suživot',
};
