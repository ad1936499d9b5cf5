import type { Language } from '../http/lang';

/**
 * Written descriptions of the 42 catalog pictures (43 picture questions: 21 and 209 share `q021.png`), for
 * screen readers, in de/en/hr. They say what a sighted learner sees — each numbered option of a picture
 * by its shapes, colours and position — and never which option is correct or what a thing is called
 * when the name is the answer (a map describes where a highlighted area lies, not which state it is).
 * Written from the pictures themselves (`../shared/catalog/images/`).
 */

type Text = Record<Language, string>;

/** Coats of arms of the 16 states, as they are drawn in the pictures. Keys are state codes in lower case. */
const ARMS = {
  bw: {
    de: 'goldgelber Schild mit drei schwarzen, schreitenden Löwen übereinander, darüber eine goldene Blattkrone',
    en: 'a golden-yellow shield with three black lions walking one above the other, topped by a golden crown of leaves',
    hr: 'zlatnožuti štit s tri crna lava u hodu, jedan iznad drugoga, iznad štita zlatna kruna od lišća',
  },
  by: {
    de: 'Schild mit weißen und blauen Rauten (ein schräges Karomuster), darüber eine goldene Krone mit Edelsteinen',
    en: 'a shield of white and blue lozenges (a slanting diamond pattern), topped by a jewelled golden crown',
    hr: 'štit s bijelim i plavim rombovima (kosi kockasti uzorak), iznad štita zlatna kruna s draguljima',
  },
  be: {
    de: 'weißer Schild mit einem aufrecht stehenden schwarzen Bären mit roter Zunge und roten Krallen, darüber eine goldene Krone in Form einer Mauer mit Tor und Blättern',
    en: 'a white shield with a black bear standing upright, with red tongue and red claws, topped by a golden crown shaped like a wall with a gate and leaves',
    hr: 'bijeli štit s crnim medvjedom koji stoji uspravno, crvenog jezika i crvenih pandži, iznad štita zlatna kruna u obliku zida s vratima i lišćem',
  },
  bb: {
    de: 'weißer Schild mit einem roten Adler mit ausgebreiteten Flügeln und goldenen Krallen',
    en: 'a white shield with a red eagle with spread wings and golden claws',
    hr: 'bijeli štit s crvenim orlom raširenih krila i zlatnih pandži',
  },
  hb: {
    de: 'roter Schild mit einem schräg gestellten silbernen Schlüssel, darüber eine goldene Krone aus Blättern',
    en: 'a red shield with a silver key set diagonally, topped by a golden crown of leaves',
    hr: 'crveni štit s koso postavljenim srebrnim ključem, iznad štita zlatna kruna od lišća',
  },
  hh: {
    de: 'roter Schild mit einer weißen Burg aus drei Türmen mit geschlossenem Tor; über dem mittleren Turm ein Kreuz, links und rechts je ein weißer Stern',
    en: 'a red shield with a white castle of three towers and a closed gate; a cross above the middle tower and a white star on each side',
    hr: 'crveni štit s bijelim dvorcem od tri tornja sa zatvorenim vratima; iznad srednjeg tornja križ, lijevo i desno po jedna bijela zvijezda',
  },
  he: {
    de: 'blauer Schild mit einem aufgerichteten, rot-weiß quer gestreiften Löwen, darüber eine goldene Blattkrone',
    en: 'a blue shield with a rearing lion in red and white stripes, topped by a golden crown of leaves',
    hr: 'plavi štit s propetim lavom u crveno-bijelim poprečnim prugama, iznad štita zlatna kruna od lišća',
  },
  mv: {
    de: 'längs geteilter Schild: links auf Gold ein schwarzer Stierkopf mit goldener Krone und roter Zunge, rechts auf Weiß ein roter Greif',
    en: 'a shield divided down the middle: on the left a black bull’s head with a golden crown and red tongue on gold, on the right a red griffin on white',
    hr: 'okomito podijeljen štit: lijevo na zlatnoj podlozi crna bikova glava sa zlatnom krunom i crvenim jezikom, desno na bijeloj podlozi crveni grifon',
  },
  ni: {
    de: 'roter Schild mit einem springenden weißen Pferd',
    en: 'a red shield with a white horse leaping',
    hr: 'crveni štit s bijelim konjem u skoku',
  },
  nw: {
    de: 'dreigeteilter Schild: links ein weißer Wellenbalken auf Grün, rechts ein springendes weißes Pferd auf Rot, unten eine rote Rose auf Weiß',
    en: 'a shield in three parts: on the left a white wavy band on green, on the right a white horse leaping on red, at the bottom a red rose on white',
    hr: 'štit iz tri dijela: lijevo bijela valovita traka na zelenoj podlozi, desno bijeli konj u skoku na crvenoj podlozi, dolje crvena ruža na bijeloj podlozi',
  },
  rp: {
    de: 'dreigeteilter Schild mit goldener Blattkrone: oben links ein rotes Kreuz auf Weiß, oben rechts ein weißes Rad auf Rot, unten ein goldener Löwe auf Schwarz',
    en: 'a shield in three parts with a golden crown of leaves: top left a red cross on white, top right a white wheel on red, below a golden lion on black',
    hr: 'štit iz tri dijela sa zlatnom krunom od lišća: gore lijevo crveni križ na bijeloj podlozi, gore desno bijeli kotač na crvenoj podlozi, dolje zlatni lav na crnoj podlozi',
  },
  sl: {
    de: 'viergeteilter Schild: oben links ein weißer Löwe auf Blau mit kleinen Kreuzen, oben rechts ein rotes Kreuz auf Weiß, unten links drei weiße Adler auf einem roten Schrägbalken über Gold, unten rechts ein goldener Löwe auf Schwarz',
    en: 'a shield in four quarters: top left a white lion on blue with small crosses, top right a red cross on white, bottom left three white eagles on a red diagonal band over gold, bottom right a golden lion on black',
    hr: 'štit podijeljen na četiri polja: gore lijevo bijeli lav na plavoj podlozi s malim križevima, gore desno crveni križ na bijeloj podlozi, dolje lijevo tri bijela orla na crvenoj kosoj traci preko zlatne podloge, dolje desno zlatni lav na crnoj podlozi',
  },
  sn: {
    de: 'Schild mit schwarzen und goldgelben Querstreifen, schräg darüber ein grünes Band mit Kleeblättern (Rautenkranz)',
    en: 'a shield with black and golden-yellow horizontal stripes, crossed diagonally by a green band of trefoil leaves',
    hr: 'štit s crnim i zlatnožutim vodoravnim prugama, preko kojih koso prolazi zelena traka s listovima djeteline',
  },
  st: {
    de: 'zweigeteilter Schild: oben schwarz-goldene Querstreifen mit einem grünen Schrägband aus Kleeblättern und oben rechts ein kleiner schwarzer Adler auf Weiß; unten ein schwarzer Bär, der auf einer roten Mauer mit Tor geht, auf Weiß',
    en: 'a shield in two parts: above, black and gold horizontal stripes with a green diagonal band of trefoil leaves and a small black eagle on white in the top right corner; below, a black bear walking on a red wall with a gate, on white',
    hr: 'štit iz dva dijela: gore crne i zlatne vodoravne pruge sa zelenom kosom trakom od listova djeteline i malim crnim orlom na bijeloj podlozi u gornjem desnom kutu; dolje crni medvjed koji hoda po crvenom zidu s vratima, na bijeloj podlozi',
  },
  sh: {
    de: 'längs geteilter Schild: links zwei blaue Löwen übereinander auf Gold, rechts ein weißes, gezacktes Nesselblatt auf Rot',
    en: 'a shield divided down the middle: on the left two blue lions one above the other on gold, on the right a white jagged nettle leaf on red',
    hr: 'okomito podijeljen štit: lijevo dva plava lava jedan iznad drugoga na zlatnoj podlozi, desno bijeli nazubljeni list koprive na crvenoj podlozi',
  },
  th: {
    de: 'blauer Schild mit einem aufgerichteten, rot-weiß gestreiften Löwen mit goldener Krone, umgeben von acht weißen Sternen',
    en: 'a blue shield with a rearing lion in red and white stripes wearing a golden crown, surrounded by eight white stars',
    hr: 'plavi štit s propetim lavom u crveno-bijelim prugama sa zlatnom krunom, okružen s osam bijelih zvijezda',
  },
} as const satisfies Record<string, Text>;

/**
 * Where a highlighted state lies on the outline maps of Germany — position and shape only, never the name.
 * (The learner's task is to know which state is where; a sighted learner sees the position, not a label.)
 */
const REGIONS = {
  bw: {
    de: 'ein großes Land im Südwesten, an der Süd- und an der Westgrenze',
    en: 'a large state in the south-west, on the southern and the western border',
    hr: 'velika savezna zemlja na jugozapadu, na južnoj i zapadnoj granici',
  },
  by: {
    de: 'das größte Land, im Südosten',
    en: 'the largest state, in the south-east',
    hr: 'najveća savezna zemlja, na jugoistoku',
  },
  be: {
    de: 'eine kleine Fläche im Osten, ganz von einem anderen Land umschlossen',
    en: 'a small area in the east, completely enclosed by another state',
    hr: 'malo područje na istoku, potpuno okruženo drugom saveznom zemljom',
  },
  bb: {
    de: 'ein Land im Nordosten, das in seiner Mitte eine kleine, nicht hervorgehobene Fläche umschließt',
    en: 'a state in the north-east that encloses a small area, not highlighted, in its middle',
    hr: 'savezna zemlja na sjeveroistoku koja u svojoj sredini okružuje malo područje koje nije istaknuto',
  },
  hb: {
    de: 'eine sehr kleine Fläche im Nordwesten, von einem größeren Land umgeben',
    en: 'a very small area in the north-west, surrounded by a larger state',
    hr: 'vrlo malo područje na sjeverozapadu, okruženo većom saveznom zemljom',
  },
  hh: {
    de: 'eine kleine Fläche im Norden, gleich südlich des nördlichsten Landes',
    en: 'a small area in the north, just south of the northernmost state',
    hr: 'malo područje na sjeveru, odmah južno od najsjevernije savezne zemlje',
  },
  he: {
    de: 'ein Land in der Mitte Deutschlands, etwas nach Westen versetzt',
    en: 'a state in the middle of Germany, slightly towards the west',
    hr: 'savezna zemlja u sredini Njemačke, malo prema zapadu',
  },
  mv: {
    de: 'ein Land ganz im Nordosten, an der Ostseeküste',
    en: 'a state in the far north-east, on the Baltic Sea coast',
    hr: 'savezna zemlja na krajnjem sjeveroistoku, na obali Baltičkog mora',
  },
  ni: {
    de: 'ein großes Land im Nordwesten, an der Nordseeküste',
    en: 'a large state in the north-west, on the North Sea coast',
    hr: 'velika savezna zemlja na sjeverozapadu, na obali Sjevernog mora',
  },
  nw: {
    de: 'ein Land im Westen, an der Westgrenze Deutschlands',
    en: 'a state in the west, on Germany’s western border',
    hr: 'savezna zemlja na zapadu, na zapadnoj granici Njemačke',
  },
  rp: {
    de: 'ein Land im Südwesten, an der Westgrenze',
    en: 'a state in the south-west, on the western border',
    hr: 'savezna zemlja na jugozapadu, na zapadnoj granici',
  },
  sl: {
    de: 'ein sehr kleines Land im Südwesten, an der Westgrenze',
    en: 'a very small state in the south-west, on the western border',
    hr: 'vrlo mala savezna zemlja na jugozapadu, na zapadnoj granici',
  },
  sn: {
    de: 'ein Land im Osten, an der Südostgrenze',
    en: 'a state in the east, on the south-eastern border',
    hr: 'savezna zemlja na istoku, na jugoistočnoj granici',
  },
  st: {
    de: 'ein Land im mittleren Osten, nördlich der Mitte Deutschlands, ohne Küste',
    en: 'a state in the east-central part, north of the middle of Germany, without a coast',
    hr: 'savezna zemlja u istočnom središnjem dijelu, sjeverno od sredine Njemačke, bez obale',
  },
  sh: {
    de: 'das nördlichste Land, zwischen Nordsee und Ostsee',
    en: 'the northernmost state, between the North Sea and the Baltic Sea',
    hr: 'najsjevernija savezna zemlja, između Sjevernog i Baltičkog mora',
  },
  th: {
    de: 'ein Land in der Mitte Deutschlands, etwas nach Osten versetzt',
    en: 'a state in the middle of Germany, slightly towards the east',
    hr: 'savezna zemlja u sredini Njemačke, malo prema istoku',
  },
} as const satisfies Record<string, Text>;

export type StateKey = keyof typeof ARMS;
type Four<T> = readonly [T, T, T, T];

/** "Bild 1: …" — the answers say "Bild 1".."Bild 4"; en/hr keep the German label the learner sees. */
const pictureLabel: Text = { de: 'Bild {n}', en: 'Picture {n} (Bild {n})', hr: 'Slika {n} (Bild {n})' };
/** "1: …" — the answers are "1".."4", numbers drawn into a map or onto ballots. */
const numberLabel: Text = { de: 'Nummer {n}', en: 'Number {n}', hr: 'Broj {n}' };

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? '' : '.');

function options(label: Text, intro: Text, parts: Four<Text>): Text {
  const out = {} as Record<Language, string>;
  for (const lang of ['de', 'en', 'hr'] as const) {
    const items = parts.map(
      (p, i) => `${label[lang].replaceAll('{n}', String(i + 1))}: ${sentence(p[lang])}`,
    );
    out[lang] = [intro[lang], ...items].join(' ');
  }
  return out;
}

const ARMS_INTRO: Text = {
  de: 'Vier Wappen, beschriftet mit Bild 1 bis Bild 4.',
  en: 'Four coats of arms, labelled Bild 1 to Bild 4 (picture 1 to 4).',
  hr: 'Četiri grba, označena s Bild 1 do Bild 4 (slika 1 do 4).',
};

const mapIntro = (grey: boolean): Text =>
  grey
    ? {
        de: 'Graustufen-Umrisskarte Deutschlands mit den Grenzen der Bundesländer. Vier Gebiete sind dunkelgrau hervorgehoben und mit Pfeilen von 1 bis 4 nummeriert.',
        en: 'Grey-scale outline map of Germany with the borders of the federal states. Four areas are highlighted in dark grey and numbered 1 to 4 by arrows.',
        hr: 'Obrisna karta Njemačke u nijansama sive s granicama saveznih zemalja. Četiri područja istaknuta su tamnosivom bojom i strelicama označena brojevima od 1 do 4.',
      }
    : {
        de: 'Umrisskarte Deutschlands mit den Grenzen der Bundesländer, hellblau. Vier Gebiete sind rot hervorgehoben und mit Pfeilen von 1 bis 4 nummeriert.',
        en: 'Light blue outline map of Germany with the borders of the federal states. Four areas are highlighted in red and numbered 1 to 4 by arrows.',
        hr: 'Svijetloplava obrisna karta Njemačke s granicama saveznih zemalja. Četiri područja istaknuta su crvenom bojom i strelicama označena brojevima od 1 do 4.',
      };

/** Which state's arms or map area each numbered option shows — the data the texts are built from (and tested against). */
export const ARMS_PICTURES: Record<string, Four<StateKey>> = {
  'bw-1.png': ['bw', 'th', 'st', 'hh'],
  'by-1.png': ['bw', 'by', 'st', 'mv'],
  'be-1.png': ['hh', 'hb', 'he', 'be'],
  'bb-1.png': ['bb', 'rp', 'sl', 'bw'],
  'hb-1.png': ['sh', 'bw', 'hb', 'by'],
  'hh-1.png': ['ni', 'hh', 'nw', 'st'],
  'he-1.png': ['he', 'be', 'sh', 'sn'],
  'mv-1.png': ['th', 'bb', 'mv', 'ni'],
  'ni-1.png': ['by', 'sh', 'ni', 'sn'],
  'nw-1.png': ['hb', 'nw', 'st', 'bw'],
  'rp-1.png': ['rp', 'hh', 'th', 'sh'],
  'sl-1.png': ['rp', 'he', 'mv', 'sl'],
  'sn-1.png': ['by', 'be', 'ni', 'sn'],
  'st-1.png': ['by', 'hh', 'rp', 'st'],
  'sh-1.png': ['sl', 'be', 'sh', 'th'],
  'th-1.png': ['bw', 'mv', 'sn', 'th'],
};

export const MAP_PICTURES: Record<string, Four<StateKey>> = {
  'bw-8.png': ['rp', 'bw', 'he', 'by'],
  'by-8.png': ['he', 'bw', 'th', 'by'],
  'be-8.png': ['hb', 'sl', 'hh', 'be'],
  'bb-8.png': ['ni', 'st', 'mv', 'bb'],
  'hb-8.png': ['hb', 'sl', 'hh', 'be'],
  'hh-8.png': ['hb', 'sl', 'hh', 'be'],
  'he-8.png': ['nw', 'rp', 'he', 'th'],
  'mv-8.png': ['sh', 'st', 'mv', 'bb'],
  'ni-8.png': ['ni', 'th', 'st', 'sn'],
  'nw-8.png': ['ni', 'rp', 'nw', 'he'],
  'rp-8.png': ['rp', 'bw', 'he', 'by'],
  'sl-8.png': ['hb', 'sl', 'hh', 'be'],
  'sn-8.png': ['ni', 'th', 'st', 'sn'],
  'st-8.png': ['ni', 'th', 'st', 'sn'],
  'sh-8.png': ['sh', 'ni', 'mv', 'bb'],
  'th-8.png': ['ni', 'th', 'st', 'sn'],
};

/** The one map in grey scale (from the previous official edition, see the catalog README). */
const GREY_MAPS = new Set(['bb-8.png']);

const OTHER_PICTURES: Record<string, Text> = {
  // Questions 21 (the Federal Republic's arms) and 209 (the GDR's arms) share this picture.
  'q021.png': options(
    pictureLabel,
    {
      de: 'Vier Zeichen, beschriftet mit Bild 1 bis Bild 4.',
      en: 'Four emblems, labelled Bild 1 to Bild 4 (picture 1 to 4).',
      hr: 'Četiri znaka, označena s Bild 1 do Bild 4 (slika 1 do 4).',
    },
    [
      {
        de: 'ein schwarzer Adler mit rotem Schnabel, roter Zunge und roten Krallen auf einem goldgelben Schild',
        en: 'a black eagle with red beak, red tongue and red claws on a golden-yellow shield',
        hr: 'crni orao s crvenim kljunom, crvenim jezikom i crvenim pandžama na zlatnožutom štitu',
      },
      {
        de: 'ein schwarzes Zeichen aus den übereinandergesetzten Buchstaben X und P (Christusmonogramm)',
        en: 'a black sign made of the letters X and P set over each other (the Chi-Rho monogram)',
        hr: 'crni znak od slova X i P postavljenih jedno preko drugoga (Kristov monogram)',
      },
      {
        de: 'ein Kreuz mit Armen, die nach außen breiter werden, silbergrau mit blauem Rand',
        en: 'a cross whose arms widen towards the ends, silver-grey with a blue edge',
        hr: 'križ čiji se krakovi šire prema krajevima, srebrnosiv s plavim rubom',
      },
      {
        de: 'auf rotem Grund ein Hammer und ein Zirkel, umgeben von einem Kranz aus goldenen Ähren, unten mit einem schwarz-rot-goldenen Band umwunden',
        en: 'a hammer and a pair of compasses on red, surrounded by a wreath of golden ears of grain, wound at the bottom with a black-red-gold ribbon',
        hr: 'čekić i šestar na crvenoj podlozi, okruženi vijencem od zlatnog klasja, pri dnu omotanim crno-crveno-zlatnom vrpcom',
      },
    ],
  ),
  'q055.jpg': {
    de: 'Schwarz-Weiß-Foto eines großen, lang gestreckten Steingebäudes mit vier Ecktürmen, einem Säulenportal über einer breiten Freitreppe und einer Glaskuppel in der Mitte des Daches; davor eine Rasenfläche mit einigen Menschen. Unten im Bild steht „© Deutscher Bundestag“.',
    en: 'Black-and-white photo of a large, long stone building with four corner towers, a columned portico above a wide flight of steps and a glass dome in the middle of the roof; a lawn with a few people in front. The picture is credited “© Deutscher Bundestag” at the bottom.',
    hr: 'Crno-bijela fotografija velike, izdužene kamene zgrade s četiri ugaona tornja, trijemom sa stupovima iznad širokog stubišta i staklenom kupolom na sredini krova; ispred je travnjak s nekoliko ljudi. Pri dnu slike piše „© Deutscher Bundestag“.',
  },
  'q070.jpg': {
    de: 'Schwarz-Weiß-Foto: Ein älterer Mann mit Brille überreicht einem jüngeren Mann im dunklen Anzug eine aufgeklappte Mappe mit einer Urkunde; der jüngere Mann blickt hinein. Im Hintergrund stehen eine Frau und weitere Männer.',
    en: 'Black-and-white photo: an older man with glasses hands a younger man in a dark suit an open folder with a certificate; the younger man looks down at it. A woman and other men stand in the background.',
    hr: 'Crno-bijela fotografija: stariji muškarac s naočalama pruža mlađem muškarcu u tamnom odijelu otvorenu mapu s ispravom; mlađi muškarac gleda u nju. U pozadini stoje žena i drugi muškarci.',
  },
  'q130.png': options(
    numberLabel,
    {
      de: 'Vier Muster-Stimmzettel für die Bundestagswahl (Wahlkreis 63 Bonn), quer mit „Muster“ überschrieben und mit 1 bis 4 nummeriert. Oben steht „Sie haben 2 Stimmen“. Jeder Zettel hat links die Spalte „Erststimme“ mit vier Kandidierenden (Kelber, SPD; Hauser, CDU; Dr. Westerwelle, F.D.P.; Manemann, GRÜNE) und rechts die Spalte „Zweitstimme“ mit vier Parteien (SPD, CDU, F.D.P., GRÜNE).',
      en: 'Four sample ballot papers for the Bundestag election (constituency 63 Bonn), stamped “Muster” (sample) and numbered 1 to 4. The top reads “Sie haben 2 Stimmen” (you have 2 votes). Each has on the left the column “Erststimme” (first vote) with four candidates (Kelber, SPD; Hauser, CDU; Dr. Westerwelle, F.D.P.; Manemann, GRÜNE) and on the right the column “Zweitstimme” (second vote) with four parties (SPD, CDU, F.D.P., GRÜNE).',
      hr: 'Četiri ogledna glasačka listića za izbore za Bundestag (izborni okrug 63 Bonn), preko kojih piše „Muster“ (uzorak), označena brojevima od 1 do 4. Na vrhu piše „Sie haben 2 Stimmen“ (imate 2 glasa). Svaki listić lijevo ima stupac „Erststimme“ (prvi glas) s četiri kandidata (Kelber, SPD; Hauser, CDU; Dr. Westerwelle, F.D.P.; Manemann, GRÜNE), a desno stupac „Zweitstimme“ (drugi glas) s četiri stranke (SPD, CDU, F.D.P., GRÜNE).',
    },
    [
      {
        de: 'ein Kreuz bei der Erststimme (Kelber, SPD) und ein Kreuz bei der Zweitstimme (CDU)',
        en: 'one cross in the first-vote column (Kelber, SPD) and one cross in the second-vote column (CDU)',
        hr: 'jedan križić u stupcu prvog glasa (Kelber, SPD) i jedan križić u stupcu drugog glasa (CDU)',
      },
      {
        de: 'kein Kreuz bei der Erststimme, zwei Kreuze bei der Zweitstimme (SPD und F.D.P.)',
        en: 'no cross in the first-vote column, two crosses in the second-vote column (SPD and F.D.P.)',
        hr: 'nijedan križić u stupcu prvog glasa, dva križića u stupcu drugog glasa (SPD i F.D.P.)',
      },
      {
        de: 'zwei Kreuze bei der Erststimme (Hauser, CDU und Dr. Westerwelle, F.D.P.), kein Kreuz bei der Zweitstimme',
        en: 'two crosses in the first-vote column (Hauser, CDU and Dr. Westerwelle, F.D.P.), no cross in the second-vote column',
        hr: 'dva križića u stupcu prvog glasa (Hauser, CDU i Dr. Westerwelle, F.D.P.), nijedan križić u stupcu drugog glasa',
      },
      {
        de: 'drei Kreuze bei der Erststimme (Kelber, Hauser und Dr. Westerwelle), kein Kreuz bei der Zweitstimme',
        en: 'three crosses in the first-vote column (Kelber, Hauser and Dr. Westerwelle), no cross in the second-vote column',
        hr: 'tri križića u stupcu prvog glasa (Kelber, Hauser i Dr. Westerwelle), nijedan križić u stupcu drugog glasa',
      },
    ],
  ),
  'q176.png': options(
    numberLabel,
    {
      de: 'Graustufen-Karte Deutschlands, in vier Zonen geteilt und mit 1 bis 4 nummeriert.',
      en: 'Grey-scale map of Germany divided into four zones numbered 1 to 4.',
      hr: 'Karta Njemačke u nijansama sive, podijeljena na četiri zone označene brojevima od 1 do 4.',
    },
    [
      {
        de: 'der Norden und Nordwesten',
        en: 'the north and north-west',
        hr: 'sjever i sjeverozapad',
      },
      {
        de: 'der Osten; darin eine kleine, gesondert umrandete Fläche',
        en: 'the east, with a small separately outlined area inside it',
        hr: 'istok, s malim zasebno obrubljenim područjem unutar njega',
      },
      {
        de: 'der Süden und Südosten mit einem Teil der Mitte, die größte Zone',
        en: 'the south and south-east with part of the centre, the largest zone',
        hr: 'jug i jugoistok s dijelom središta, najveća zona',
      },
      {
        de: 'zwei getrennte Gebiete im Südwesten, eines an der Westgrenze und eines weiter südlich',
        en: 'two separate areas in the south-west, one on the western border and one further south',
        hr: 'dva odvojena područja na jugozapadu, jedno na zapadnoj granici, a drugo južnije',
      },
    ],
  ),
  'q181.jpg': {
    de: 'Schwarz-Weiß-Foto: Ein Mann im dunklen Mantel kniet allein auf nassen Steinstufen, die Hände vor dem Körper gefaltet, den Blick gesenkt. Hinter ihm steht eine große Menschenmenge, darunter Fotografen und Männer in Uniform.',
    en: 'Black-and-white photo: a man in a dark coat kneels alone on wet stone steps, hands folded in front of him, eyes lowered. Behind him stands a large crowd, including photographers and men in uniform.',
    hr: 'Crno-bijela fotografija: muškarac u tamnom kaputu kleči sam na mokrim kamenim stubama, ruku sklopljenih ispred sebe, spuštena pogleda. Iza njega stoji veliko mnoštvo, među njima fotografi i muškarci u odorama.',
  },
  'q187.png': {
    de: 'Flagge mit drei waagerechten Streifen in Schwarz, Rot und Gold; in der Mitte ein Emblem: Hammer und Zirkel auf rotem Grund, umgeben von einem Kranz aus goldenen Ähren mit einem schwarz-rot-goldenen Band.',
    en: 'A flag with three horizontal stripes in black, red and gold; in the middle an emblem: a hammer and a pair of compasses on red, surrounded by a wreath of golden ears of grain with a black-red-gold ribbon.',
    hr: 'Zastava s tri vodoravne pruge u crnoj, crvenoj i zlatnoj boji; u sredini amblem: čekić i šestar na crvenoj podlozi, okruženi vijencem od zlatnog klasja s crno-crveno-zlatnom vrpcom.',
  },
  'q216.jpg': {
    de: 'Farbfoto eines großen, runden Plenarsaals von oben: viele Reihen blauer Sitze im Halbrund mit Abgeordneten, Besuchertribünen ringsum und ein gläsernes Dach. An der Stirnwand hängt ein großer grauer, stilisierter Adler mit ausgebreiteten Flügeln; darunter stehen Fahnen.',
    en: 'Colour photo of a large, round plenary hall seen from above: many rows of blue seats in a semicircle with members in them, visitor galleries all around and a glass roof. On the front wall hangs a large grey stylised eagle with spread wings; flags stand below it.',
    hr: 'Fotografija u boji velike, okrugle plenarne dvorane gledane odozgo: mnogo redova plavih sjedala u polukrugu sa zastupnicima, galerije za posjetitelje uokolo i stakleni krov. Na prednjem zidu visi veliki sivi stilizirani orao raširenih krila; ispod njega stoje zastave.',
  },
  'q226.png': options(
    pictureLabel,
    {
      de: 'Vier Flaggen, beschriftet mit Bild 1 bis Bild 4.',
      en: 'Four flags, labelled Bild 1 to Bild 4 (picture 1 to 4).',
      hr: 'Četiri zastave, označene s Bild 1 do Bild 4 (slika 1 do 4).',
    },
    [
      {
        de: 'waagerechte rote und weiße Streifen, oben links ein blaues Feld mit vielen weißen Sternen',
        en: 'horizontal red and white stripes, with a blue field of many white stars in the top left corner',
        hr: 'vodoravne crvene i bijele pruge, u gornjem lijevom kutu plavo polje s mnogo bijelih zvijezda',
      },
      {
        de: 'blau mit einem Kreis aus zwölf goldenen Sternen',
        en: 'blue with a circle of twelve golden stars',
        hr: 'plava s krugom od dvanaest zlatnih zvijezda',
      },
      {
        de: 'hellblau mit einem weißen Emblem: eine Weltkarte von oben gesehen, umrahmt von zwei Zweigen',
        en: 'light blue with a white emblem: a map of the world seen from above, framed by two branches',
        hr: 'svijetloplava s bijelim amblemom: karta svijeta gledana odozgo, uokvirena dvjema granama',
      },
      {
        de: 'dunkelblau mit einem gelben, stilisierten Buchstaben C, umgeben von Strahlen und Punkten',
        en: 'dark blue with a yellow stylised letter C surrounded by rays and dots',
        hr: 'tamnoplava sa žutim stiliziranim slovom C okruženim zrakama i točkama',
      },
    ],
  ),
  'q235.jpg': {
    de: 'Farbfoto: Zwei Männer in dunklen Mänteln stehen nebeneinander und halten sich an der Hand. Vor ihnen steht ein Sarg, bedeckt mit der französischen und der deutschen Flagge, links und rechts davon je ein Kranz auf einem Gestell. Im Hintergrund eine große Menschenmenge, einige mit Regenschirmen.',
    en: 'Colour photo: two men in dark coats stand side by side, holding hands. In front of them is a coffin covered with the French and the German flag, with a wreath on a stand to its left and to its right. A large crowd in the background, some with umbrellas.',
    hr: 'Fotografija u boji: dva muškarca u tamnim kaputima stoje jedan uz drugoga i drže se za ruke. Ispred njih je lijes prekriven francuskom i njemačkom zastavom, a lijevo i desno od njega po jedan vijenac na stalku. U pozadini veliko mnoštvo ljudi, neki s kišobranima.',
  },
};

function build(): Map<string, Text> {
  const all = new Map<string, Text>(Object.entries(OTHER_PICTURES));
  for (const [file, keys] of Object.entries(ARMS_PICTURES)) {
    all.set(file, options(pictureLabel, ARMS_INTRO, keys.map((k) => ARMS[k]) as unknown as Four<Text>));
  }
  for (const [file, keys] of Object.entries(MAP_PICTURES)) {
    all.set(
      file,
      options(
        numberLabel,
        mapIntro(GREY_MAPS.has(file)),
        keys.map((k) => REGIONS[k]) as unknown as Four<Text>,
      ),
    );
  }
  return all;
}

const DESCRIPTIONS = build();

/** Every picture file that has a description (all 42 of the catalog). */
export const DESCRIBED_IMAGES: readonly string[] = [...DESCRIPTIONS.keys()].sort();

/** The description of a catalog picture (by file name, e.g. `bw-1.png`) in the learner's language, or null. */
export function imageDescription(file: string | null | undefined, lang: Language): string | null {
  if (!file) return null;
  return DESCRIPTIONS.get(file)?.[lang] ?? null;
}
