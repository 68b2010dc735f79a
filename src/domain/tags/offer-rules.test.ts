import { describe, expect, it } from 'vitest';
import { tagsOfText } from './tag-rules.ts';
import type { OfferTag, TagLanguage } from './vocabulary.ts';

/** Realistic ad text per language that must carry the offer, and text that must not. */
interface Cases {
  must: Record<TagLanguage, readonly string[]>;
  mustNot: readonly (readonly [TagLanguage, string])[];
}

const CASES: Record<OfferTag, Cases> = {
  'offer:percent_off': {
    must: {
      en: [
        '🔥 FLASH SALE: 50% OFF the Posture Corrector – today only!',
        'Save 20% on your first order',
        'Save up to 30% this weekend',
      ],
      de: [
        'Jetzt 20 % Rabatt auf alles!',
        'Spar bis zu 40% beim Winterschlussverkauf',
        'Nur heute: -30 % auf die Lampe',
      ],
      fr: [
        "Soldes : jusqu'à -50% sur toute la boutique",
        '-30 % sur tout le site',
        '20% de réduction avec le code HIVER',
      ],
      es: [
        '¡Rebajas! Hasta un 40% de descuento',
        'Ahorra un 25% en tu primer pedido',
        'Ahora -20% en toda la tienda',
      ],
      it: ['Saldi fino al 50% di sconto', 'Risparmia il 30% solo oggi', '-25% su tutto il catalogo'],
      nl: ['Nu 25% korting op alles', 'Bespaar 15% met code WINTER', 'Uitverkoop -40% op jassen'],
      pt: ['Até 40% de desconto em toda a loja', 'Poupe 20% hoje', 'Promoção -30% em casacos'],
      pl: ['Wyprzedaż -50% na wszystko', 'Teraz 30% taniej!', '20% zniżki na pierwsze zamówienie'],
      da: ['Spar 25% på alt i dag', 'Nu 30% rabat på jakker', 'Udsalg -40%'],
      nb: ['Nå 30 % rabatt på alle jakker', 'Spar 20% i dag', 'Salg -50% på sko'],
      sv: ['Spara 20% på allt idag', 'Nu 30 % rabatt på jackor', 'REA -50% på vinterjackor'],
      fi: ['ALE -30% kaikista takeista', 'Nyt 20 % alennus kaikesta', 'Säästä 25% tänään'],
      ro: ['Reduceri de până la 50%', 'Acum 30% reducere la toate produsele', '-20% la toată colecția'],
      el: ['Εκπτώσεις έως -50% σε όλα', '30% έκπτωση σε όλα τα παπούτσια', 'Κερδίστε 20% σήμερα'],
    },
    mustNot: [
      ['en', '100% cotton, made to last'],
      ['de', '100 % Baumwolle, fair produziert'],
      ['en', 'Made with 95% natural ingredients'],
      ['en', 'Up to 50% less energy than a kettle'],
      ['fr', 'Compatible avec 10-30% des modèles'],
      ['pl', 'Ale 80% ludzi o tym nie wie'],
      ['es', 'El 90% de nuestros clientes repite'],
    ],
  },
  'offer:buy_x_get_y': {
    must: {
      en: [
        'Buy 1 Get 1 Free this week',
        'BOGO on all candles',
        'Buy 2, get 1 free 🎁',
        'Get the second pair free',
      ],
      de: ['Kauf 2, zahl 1 – nur diese Woche', '3 für 2 auf alle Kerzen', 'Der zweite Artikel gratis'],
      fr: ['Achetez 2, le 3e offert', '2 pour 1 sur tous les bonnets', 'Le deuxième à moitié prix'],
      es: ['2x1 en toda la tienda', 'Compra 2 y llévate 3', 'La segunda unidad gratis'],
      it: ['Prendi 3 paghi 2', 'Compra 2, il terzo in omaggio', '3x2 su tutti i profumi'],
      nl: ['1+1 gratis op alle sokken', '2 voor 1 deze week', 'Koop 2, betaal er 1'],
      pt: ['Leve 3 pague 2', '2+1 grátis em todas as meias', 'A segunda unidade grátis'],
      pl: ['1+1 gratis na wszystkie skarpety', 'Kup 2, trzeci gratis', 'Druga sztuka za darmo'],
      da: ['Køb 3, betal for 2', '3 for 2 på alle strømper', '1+1 gratis'],
      nb: ['3 for 2 på alle sokker', 'Kjøp 2, få 1 gratis', '1+1 gratis denne uken'],
      sv: ['3 för 2 på alla strumpor', 'Köp 2, få 1 gratis', 'Köp 3 betala för 2'],
      fi: ['Osta 2, maksa 1', 'Osta 3 saat 1 ilmaiseksi', '2+1 ilmaiseksi'],
      ro: ['2+1 gratis la toate șosetele', 'Al doilea produs gratuit', 'Cumpără 2, primești 1 gratis'],
      el: ['1+1 ΔΩΡΟ σε όλες τις κάλτσες', 'Αγόρασε 2 πάρε 1 δώρο', 'Το δεύτερο δώρο'],
    },
    mustNot: [
      ['en', '2 pack of premium socks'],
      ['en', 'Pack of 3 for €30'],
      ['en', 'Buy now, pay later with Klarna'],
      ['es', 'Alfombra de 2x1 m'],
      ['en', '2 for €30 this week'],
      ['en', '1. Free shipping\n2. Free returns'],
      ['fr', 'Lot de 2 bonnets'],
    ],
  },
  'offer:free_shipping': {
    must: {
      en: ['Free shipping today only', 'Ships free worldwide', 'Free express delivery on all orders'],
      de: ['Kostenloser Versand ab 30 €', 'Versandkostenfrei bestellen', 'Gratis Versand nach AT und DE'],
      fr: ['Livraison gratuite dès 30 €', 'Frais de port offerts ce week-end'],
      es: ['Envío gratis a toda España', 'Envíos gratuitos en 24 h'],
      it: ['Spedizione gratuita in tutta Italia', 'Consegna gratuita in 48 ore'],
      nl: ['Gratis verzending vanaf €20', 'Vandaag besteld, morgen gratis bezorgd'],
      pt: ['Portes grátis para Portugal', 'Envio gratuito em 48h'],
      pl: ['Darmowa dostawa od 99 zł', 'Darmowa wysyłka w 24h'],
      da: ['Fri fragt på alle ordrer', 'Gratis fragt over 299 kr'],
      nb: ['Gratis frakt over 500 kr', 'Fri frakt hele uken'],
      sv: ['Fri frakt på alla beställningar', 'Gratis frakt över 499 kr'],
      fi: ['Ilmainen toimitus yli 50 € tilauksiin', 'Toimitus ilmaiseksi koko Suomeen'],
      ro: ['Livrare gratuită în toată țara', 'Transport gratuit peste 200 lei'],
      el: ['Δωρεάν αποστολή σε όλη την Ελλάδα', 'Δωρεάν μεταφορικά άνω των 30€'],
    },
    mustNot: [
      ['en', 'Free returns within 30 days'],
      ['en', 'Shipping fees apply'],
      ['de', 'Kostenlose Rücksendung'],
      ['fr', 'Retours gratuits sous 30 jours'],
      ['sv', 'Fri retur i 30 dagar'],
    ],
  },
  'offer:price': {
    must: {
      en: ['Now $19.99 (was $39.99)', 'Only £24.99 today', 'Just 19.99 $'],
      de: ['Jetzt nur 19,99 €', 'Ab 1.299,00 € erhältlich', 'Nur 29,– EUR'],
      fr: ['Seulement 24,99 € aujourd’hui', 'À partir de 9,90 €'],
      es: ['Ahora por solo 19,99 €', 'Desde 9,95€'],
      it: ['Solo 29,90 €', 'A soli 19,99€'],
      nl: ['Nu voor €19,99', 'Vanaf € 9,95'],
      pt: ['Apenas 19,99€', 'Por apenas 24,90 €'],
      pl: ['Tylko 49 zł', 'Teraz 129,99 zł'],
      da: ['Nu kun 299 kr.', 'Kr. 199,- lige nu'],
      nb: ['Kun 399,- kr', 'Nå 249 kr'],
      sv: ['Nu 199 kr', 'Endast 1 299 kr'],
      fi: ['Vain 29,90 €', 'Nyt 19 €'],
      ro: ['Doar 99 lei', 'RON 99 pentru o pereche'],
      el: ['Μόνο 19,99€', 'Από 9,90 €'],
    },
    mustNot: [
      ['en', 'Since 2019, loved by runners'],
      ['en', 'The 2024 collection is here'],
      ['en', 'Rated 4.8/5 by 10,000+ customers'],
      ['en', '100% cotton'],
      ['sv', 'Kraftfull krok för 10 kilo'],
      ['de', '30 Tage Rückgaberecht'],
    ],
  },
  'offer:bundle': {
    must: {
      en: ['The starter bundle: mat, blocks and strap', 'Value pack of 3 serums', '2 pack of premium socks'],
      de: ['Das Sparset: 3 Seren', 'Jetzt im Doppelpack', 'Das 3er-Pack für den Winter'],
      fr: ['Lot de 3 bonnets', 'Le coffret découverte'],
      es: ['Pack de 3 calcetines', 'Lote de 2 cremas'],
      it: ['Confezione da 3 creme', 'Il kit da 2 pennelli'],
      nl: ['Het voordeelpakket van 3 serums', 'Set van 2 handdoeken'],
      pt: ['Pack de 3 meias', 'Kit com 2 cremes'],
      pl: ['Zestaw 3 kremów', 'Pakiet startowy'],
      da: ['Sæt med 3 cremer', 'Pakketilbud på strømper'],
      nb: ['Sett med 3 kremer', 'Pakketilbud på sokker'],
      sv: ['Set med 3 krämer', 'Paketpris på strumpor'],
      fi: ['Pakettitarjous: 3 voidetta', 'Setti kolmella voiteella'],
      ro: ['Pachet de 3 creme', 'Set de 2 prosoape'],
      el: ['Πακέτο με 3 κρέμες', 'Σετ 2 πετσέτες'],
    },
    mustNot: [
      ['en', 'Set your alarm for the sale'],
      ['en', 'Pack your bags'],
      ['de', 'Jetzt einkaufen'],
    ],
  },
  'offer:free_gift': {
    must: {
      en: ['Free gift with every order', 'Get a bonus gift when you spend $50'],
      de: ['Gratis Geschenk zu jeder Bestellung', 'Ein Geschenk gratis dazu'],
      fr: ['Un cadeau offert dès 50 € d’achat'],
      es: ['Regalo gratis con tu pedido', 'Llévate un neceser de regalo'],
      it: ['Una pochette in omaggio', 'Con un regalo gratis per te'],
      nl: ['Gratis cadeau bij elke bestelling'],
      pt: ['Brinde em todas as encomendas'],
      pl: ['Darmowy prezent do każdego zamówienia', 'Kosmetyczka w prezencie'],
      da: ['Gratis gave til alle ordrer'],
      nb: ['Gratis gave med hver ordre'],
      sv: ['Gratis present vid köp', 'En necessär på köpet'],
      fi: ['Ilmainen lahja jokaiseen tilaukseen', 'Meikkipussi kaupan päälle'],
      ro: ['Cadou gratuit la fiecare comandă'],
      el: ['Δώρο με κάθε παραγγελία', 'Με δώρο ένα νεσεσέρ'],
    },
    mustNot: [
      ['en', 'The perfect gift for mom'],
      ['en', 'Gift cards available'],
      ['el', '1+1 δώρο σε όλα'],
      ['es', 'El regalo perfecto'],
    ],
  },
  'offer:guarantee': {
    must: {
      en: ['30-day money-back guarantee', 'Free returns, no questions asked', 'Try it risk-free'],
      de: ['30 Tage Geld-zurück-Garantie', 'Kostenloser Rückversand'],
      fr: ['Satisfait ou remboursé pendant 30 jours', 'Retours gratuits'],
      es: ['Garantía de devolución de 30 días', 'Devoluciones gratis'],
      it: ['Soddisfatti o rimborsati', 'Reso gratuito entro 30 giorni'],
      nl: ['Niet goed, geld terug', 'Gratis retourneren binnen 30 dagen'],
      pt: ['Garantia de 30 dias', 'Devolução gratuita'],
      pl: ['Gwarancja zwrotu pieniędzy', 'Darmowe zwroty do 30 dni'],
      da: ['Pengene tilbage-garanti', 'Fri retur i 30 dage'],
      nb: ['Fornøyd-garanti', 'Fri retur i 30 dager'],
      sv: ['Öppet köp i 30 dagar', 'Nöjd-kund-garanti'],
      fi: ['Tyytyväisyystakuu', 'Ilmainen palautus 30 päivää'],
      ro: ['Garanție 2 ani', 'Retur gratuit în 30 de zile'],
      el: ['Εγγύηση επιστροφής χρημάτων', 'Δωρεάν επιστροφή σε 30 ημέρες'],
    },
    mustNot: [
      ['en', 'Free shipping on all orders'],
      ['de', 'Kostenloser Versand'],
    ],
  },
  'offer:limited_stock': {
    must: {
      en: ['Limited stock at this price', 'Only 12 left!', 'Almost sold out'],
      de: ['Nur solange der Vorrat reicht', 'Fast ausverkauft!'],
      fr: ['Stock limité', 'Dans la limite des stocks disponibles'],
      es: ['Hasta agotar existencias', 'Últimas unidades'],
      it: ['Fino ad esaurimento scorte', 'Ultimi pezzi disponibili'],
      nl: ['Op=op', 'Zolang de voorraad strekt'],
      pt: ['Stock limitado', 'Últimas unidades'],
      pl: ['Ograniczona ilość', 'Do wyczerpania zapasów'],
      da: ['Begrænset lager', 'Så længe lager haves'],
      nb: ['Begrenset lager', 'Så lenge lageret rekker'],
      sv: ['Begränsat lager', 'Så länge lagret räcker'],
      fi: ['Rajoitettu erä', 'Niin kauan kuin varastoa riittää'],
      ro: ['Stoc limitat', 'Până la epuizarea stocului'],
      el: ['Περιορισμένο απόθεμα', 'Έως εξαντλήσεως των αποθεμάτων'],
    },
    mustNot: [
      ['en', 'In stock and ready to ship'],
      ['de', 'Auf Lager'],
    ],
  },
};

describe.each(Object.entries(CASES) as [OfferTag, Cases][])('%s', (tag, { must, mustNot }) => {
  it.each(
    Object.entries(must).flatMap(([language, texts]) => texts.map((text) => [language, text] as const)),
  )('finds it in %s: %s', (language, text) => {
    expect(tagsOfText(text, language as TagLanguage)).toContain(tag);
  });
  it.each(mustNot)('does not find it in %s: %s', (language, text) => {
    expect(tagsOfText(text, language)).not.toContain(tag);
  });
});
