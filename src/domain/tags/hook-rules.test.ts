import { describe, expect, it } from 'vitest';
import { tagsOfText } from './tag-rules.ts';
import type { HookTag, TagLanguage } from './vocabulary.ts';

/** Realistic ad text per language that must use the hook, and text that must not. */
interface Cases {
  must: Record<TagLanguage, readonly string[]>;
  mustNot: readonly (readonly [TagLanguage | null, string])[];
}

const CASES: Record<HookTag, Cases> = {
  'hook:question': {
    must: {
      en: ['Tired of back pain? Meet the Posture Corrector.', 'Still paying full price?'],
      de: ['Kennst du das? Rückenschmerzen nach der Arbeit.', 'Schon probiert?'],
      fr: ['Vous avez froid aux pieds ? Essayez nos chaussons.', 'Pourquoi attendre ?'],
      es: ['¿Cansado de las ojeras? Prueba el rodillo.', '¿Listo para el invierno'],
      it: ['Hai sempre freddo? Prova la coperta.', 'Cosa aspetti?'],
      nl: ['Last van koude voeten? Probeer deze sloffen.', 'Waar wacht je nog op?'],
      pt: ['Cansado de dores nas costas? Experimente.', 'De que estás à espera?'],
      pl: ['Masz dość bólu pleców? Poznaj nasz pas.', 'Na co czekasz?'],
      da: ['Fryser du om fødderne? Prøv vores hjemmesko.', 'Hvad venter du på?'],
      nb: ['Fryser du på beina? Prøv tøflene våre.', 'Hva venter du på?'],
      sv: ['Fryser du om fötterna? Testa våra tofflor.', 'Vad väntar du på?'],
      fi: ['Palelevatko jalkasi? Kokeile tossujamme.', 'Mitä odotat?'],
      ro: ['Te doare spatele? Încearcă centura noastră.', 'Ce mai aștepți?'],
      el: [
        'Κουράστηκες από τον πόνο στην πλάτη; Δοκίμασε τη ζώνη.',
        'Τι περιμένεις;',
        'Έτοιμοι για το iPhone;',
      ],
    },
    mustNot: [
      ['en', 'Shop now at https://shop.example.com/p?id=3&ref=fb'],
      ['en', 'Order at www.example.com/?utm_source=meta'],
      ['en', 'Meet the lamp; it lights up your desk.'],
      [null, 'Αγόρασε τώρα· δωρεάν αποστολή'],
      ['en', 'Shop the sale today.'],
    ],
  },
  'hook:pattern_interrupt': {
    must: {
      en: [
        'STOP SCROLLING 🛑 this lamp is different',
        'Wait! Before you buy another pillow…',
        "Don't scroll past this",
      ],
      de: ['Hör auf zu scrollen! Das musst du sehen', 'Warte! Bevor du weiterscrollst…'],
      fr: ['Arrêtez de scroller ! Regardez ça', 'Attendez ! Avant de partir…'],
      es: ['Deja de hacer scroll y mira esto', '¡Espera! Antes de seguir…'],
      it: ['Smetti di scorrere e guarda qui', 'Aspetta! Prima di andare…'],
      nl: ['Stop met scrollen en kijk dit', 'Wacht! Voordat je verder gaat…'],
      pt: ['Pare de rolar e veja isto', 'Espera! Antes de continuares…'],
      pl: ['Przestań przewijać i zobacz to', 'Czekaj! Zanim pójdziesz dalej…'],
      da: ['Stop med at scrolle og se her', 'Vent! Før du scroller videre…'],
      nb: ['Slutt å scrolle og se her', 'Vent! Før du går videre…'],
      sv: ['Sluta scrolla och kolla här', 'Vänta! Innan du scrollar vidare…'],
      fi: ['Lopeta selaaminen ja katso tämä', 'Odota! Ennen kuin jatkat…'],
      ro: ['Nu mai derula și uită-te aici', 'Stai! Înainte să mergi mai departe…'],
      el: ['Σταμάτα να κάνεις scroll και δες αυτό', 'Περίμενε! Πριν συνεχίσεις…'],
    },
    mustNot: [
      ['en', "Can't wait! Shop the new collection"],
      ['en', 'Non-stop comfort all day'],
      ['de', 'Warten lohnt sich nicht'],
      ['en', 'The bus stop poster you saw'],
    ],
  },
  'hook:pain_point': {
    must: {
      en: ['Tired of back pain after work?', 'Say goodbye to cold feet', 'No more tangled cables'],
      de: ['Schluss mit kalten Füßen', 'Nie wieder Rückenschmerzen'],
      fr: ['Marre des pieds froids ?', 'Fini les nuits blanches'],
      es: ['¿Cansada de las ojeras?', 'Di adiós al dolor de espalda'],
      it: ['Stanco del mal di schiena?', 'Dì addio ai piedi freddi'],
      nl: ['Last van koude voeten?', 'Nooit meer rugpijn'],
      pt: ['Cansado de dores nas costas?', 'Diga adeus aos pés frios'],
      pl: ['Masz dość bólu pleców?', 'Koniec z zimnymi stopami'],
      da: ['Træt af kolde fødder?', 'Sig farvel til rygsmerter'],
      nb: ['Lei av kalde føtter?', 'Si farvel til vondt i ryggen'],
      sv: ['Trött på kalla fötter?', 'Säg adjö till ryggvärk'],
      fi: ['Kyllästynyt kylmiin jalkoihin?', 'Ei enää selkäkipuja'],
      ro: ['Te-ai săturat de picioarele reci?', 'Spune adio durerilor de spate'],
      el: ['Βαρέθηκες τα κρύα πόδια;', 'Πες αντίο στον πόνο στην πλάτη'],
    },
    mustNot: [
      ['fr', 'Le pain au chocolat de nos rêves'],
      ['en', 'The smart lamp for your desk'],
      ['en', 'Bold colours for spring'],
    ],
  },
  'hook:social_proof': {
    must: {
      en: [
        '"Best purchase I made all year." – Anna, verified buyer ⭐️⭐️⭐️⭐️⭐️',
        'Why 42,000+ customers love the lamp',
        'I was wrong about this pillow',
        'Rated 4.8/5',
      ],
      de: ['Über 50.000 zufriedene Kunden', 'Testsieger 2025', '4,8 von 5 Sternen'],
      fr: ['Plus de 20 000 clients satisfaits', 'Noté 4,9/5 sur 3 200 avis'],
      es: ['Más de 10.000 clientes satisfechos', 'Me equivoqué con esta almohada'],
      it: ['Oltre 10.000 clienti soddisfatti', 'Mi sbagliavo su questo cuscino'],
      nl: ['Meer dan 5.000 tevreden klanten', 'Ik had het mis over dit kussen'],
      pt: ['Mais de 10 mil clientes satisfeitos', 'Eu estava errada sobre esta almofada'],
      pl: ['Ponad 10 000 zadowolonych klientów', 'Myliłam się co do tej poduszki'],
      da: ['Over 10.000 glade kunder', 'Jeg tog fejl om denne pude'],
      nb: ['Over 10 000 fornøyde kunder', 'Jeg tok feil om denne puten'],
      sv: ['Över 10 000 nöjda kunder', 'Jag hade fel om den här kudden'],
      fi: ['Yli 10 000 tyytyväistä asiakasta', 'Olin väärässä tästä tyynystä'],
      ro: ['Peste 10.000 de clienți mulțumiți', 'M-am înșelat în privința acestei perne'],
      el: ['Πάνω από 10.000 ικανοποιημένοι πελάτες', 'Έκανα λάθος για αυτό το μαξιλάρι'],
    },
    mustNot: [
      ['en', 'In 2024 people asked for a smaller lamp'],
      ['en', 'Buy 2 and save'],
      ['de', 'Jetzt 20 % Rabatt'],
      ['en', 'Was €49.99, now €29.99'],
    ],
  },
  'hook:urgency': {
    must: {
      en: ['Today only: free shipping', 'Sale ends tonight', 'Offer ends December 31st', 'Valid until 12/31'],
      de: ['Nur heute: 20 % Rabatt', 'Angebot gilt bis 31.12.', 'Letzte Chance!'],
      fr: ["Aujourd'hui seulement", "Offre valable jusqu'au 31 décembre", 'Dernière chance !'],
      es: ['Solo hoy', 'Oferta válida hasta el 31 de diciembre', 'Última oportunidad'],
      it: ['Solo oggi', 'Offerta valida fino al 31 dicembre', 'Ultima occasione'],
      nl: ['Alleen vandaag', 'Actie geldig t/m 31 december', 'Laatste kans'],
      pt: ['Só hoje', 'Válido até 31 de dezembro', 'Última oportunidade'],
      pl: ['Tylko dziś', 'Promocja do 31 grudnia', 'Ostatnia szansa'],
      da: ['Kun i dag', 'Tilbuddet gælder til og med 31. december', 'Sidste chance'],
      nb: ['Kun i dag', 'Gjelder til 31. desember', 'Siste sjanse'],
      sv: ['Endast idag', 'Gäller t.o.m. 31 december', 'Sista chansen'],
      fi: ['Vain tänään', 'Tarjous voimassa 31.12. asti', 'Viimeinen mahdollisuus'],
      ro: ['Doar azi', 'Oferta este valabilă până pe 31 decembrie', 'Ultima șansă'],
      el: ['Μόνο σήμερα', 'Η προσφορά ισχύει έως 31 Δεκεμβρίου', 'Τελευταία ευκαιρία'],
    },
    mustNot: [
      ['en', 'Delivery in 2-4 days'],
      ['de', 'Lieferung bis 2-3 Tage'],
      ['de', 'Tragkraft bis 2.5 kg'],
      ['en', 'Made in Portugal since 1998'],
      ['en', 'The everyday lamp for your desk'],
    ],
  },
  'hook:before_after': {
    must: {
      en: ['Before and after: 30 days of the serum', 'Visible results after 2 weeks'],
      de: ['Vorher / Nachher nach 4 Wochen', 'Vorher-Nachher'],
      fr: ['Avant / après : 30 jours', 'Résultats après 2 semaines'],
      es: ['Antes y después de 30 días', 'Resultados después de 2 semanas'],
      it: ['Prima e dopo: 30 giorni', 'Risultati dopo 2 settimane'],
      nl: ['Voor en na: 30 dagen', 'Resultaat na 2 weken'],
      pt: ['Antes e depois: 30 dias', 'Resultados após 2 semanas'],
      pl: ['Przed i po: 30 dni', 'Efekty po 2 tygodniach'],
      da: ['Før og efter: 30 dage', 'Resultater efter 2 uger'],
      nb: ['Før og etter: 30 dager', 'Resultater etter 2 uker'],
      sv: ['Före och efter: 30 dagar', 'Resultat efter 2 veckor'],
      fi: ['Ennen ja jälkeen: 30 päivää', 'Tulokset 2 viikon jälkeen'],
      ro: ['Înainte și după: 30 de zile', 'Rezultate după 2 săptămâni'],
      el: ['Πριν και μετά: 30 ημέρες', 'Αποτελέσματα μετά από 2 εβδομάδες'],
    },
    mustNot: [
      ['en', 'Order before midnight'],
      ['en', 'After-sales support included'],
    ],
  },
  'hook:number_list': {
    must: {
      en: [
        '3 reasons to switch today',
        '5 simple tips for better sleep',
        'Top 10 gifts for runners',
        '1. Order\n2. Wear\n3. Enjoy',
        '1️⃣ Easy to use\n2️⃣ Fast to clean',
      ],
      de: ['5 Gründe für die Lampe', '3 einfache Tipps für besseren Schlaf'],
      fr: ['3 raisons de changer', '5 astuces pour mieux dormir'],
      es: ['3 razones para cambiar', '5 consejos para dormir mejor'],
      it: ['3 motivi per cambiare', '5 consigli per dormire meglio'],
      nl: ['3 redenen om over te stappen', '5 tips voor een betere nachtrust'],
      pt: ['3 razões para mudar', '5 dicas para dormir melhor'],
      pl: ['3 powody, by zmienić', '5 sposobów na lepszy sen'],
      da: ['3 grunde til at skifte', '5 tips til bedre søvn'],
      nb: ['3 grunner til å bytte', '5 tips for bedre søvn'],
      sv: ['3 anledningar att byta', '5 tips för bättre sömn'],
      fi: ['3 syytä vaihtaa', '5 vinkkiä parempaan uneen'],
      ro: ['3 motive să schimbi', '5 sfaturi pentru un somn mai bun'],
      el: ['3 λόγοι να αλλάξεις', '5 συμβουλές για καλύτερο ύπνο'],
    },
    mustNot: [
      ['en', '2 pack of socks'],
      ['en', '✅ Warm\n✅ Soft\n✅ Washable'],
      ['en', '2. Free returns'],
      ['en', '1 lamp, endless light'],
    ],
  },
};

describe.each(Object.entries(CASES) as [HookTag, Cases][])('%s', (tag, { must, mustNot }) => {
  it.each(
    Object.entries(must).flatMap(([language, texts]) => texts.map((text) => [language, text] as const)),
  )('finds it in %s: %s', (language, text) => {
    expect(tagsOfText(text, language as TagLanguage)).toContain(tag);
  });
  it.each(mustNot)('does not find it in %s: %s', (language, text) => {
    expect(tagsOfText(text, language)).not.toContain(tag);
  });
});
