import { describe, expect, it } from 'vitest';
import type { TagLanguage } from '../../domain/tags/vocabulary.ts';
import { copyLanguage } from './copy-language.ts';

/** An ad's copy in each of the 14 languages, as the keyword locales' ads write it. */
const COPY: Record<TagLanguage, string> = {
  en: 'Tired of back pain? Meet the Posture Corrector: breathable, adjustable and invisible under clothes.',
  de: 'Kennst du das? Kalte Füße im Büro. Unsere Hausschuhe halten dich den ganzen Tag warm.',
  fr: 'Vous avez froid aux pieds ? Nos chaussons vous gardent au chaud toute la journée.',
  es: '¿Tienes los pies fríos? Nuestras zapatillas te mantienen caliente todo el día.',
  it: 'Hai sempre i piedi freddi? Le nostre pantofole ti tengono al caldo tutto il giorno.',
  nl: 'Last van koude voeten? Onze sloffen houden je de hele dag lekker warm.',
  pt: 'Tens sempre os pés frios? As nossas pantufas mantêm-te quente o dia todo.',
  pl: 'Masz zimne stopy? Nasze kapcie utrzymają ciepło przez cały dzień.',
  da: 'Fryser du om fødderne? Vores hjemmesko holder dig varm hele dagen.',
  nb: 'Fryser du på beina? Tøflene våre holder deg varm hele dagen.',
  sv: 'Fryser du om fötterna? Våra tofflor håller dig varm hela dagen.',
  fi: 'Palelevatko jalkasi? Tossumme pitävät sinut lämpimänä koko päivän.',
  ro: 'Ai mereu picioarele reci? Papucii noștri te țin la cald toată ziua.',
  el: 'Κρυώνουν τα πόδια σου; Οι παντόφλες μας σε κρατούν ζεστό όλη μέρα.',
};

describe('copyLanguage', () => {
  it.each(Object.entries(COPY))('finds %s', (language, text) => {
    expect(copyLanguage(text)).toBe(language);
  });

  it('calls Norwegian nb, the vocabulary’s code (eld says no)', () => {
    expect(
      copyLanguage('Gratis frakt over 500 kr. Kjøp nå og få levert i morgen, helt uten ekstra kostnad.'),
    ).toBe('nb');
  });

  it('gives null for a language outside the 14, rather than the nearest of them', () => {
    expect(copyLanguage('Máte studené nohy? Naše pantofle vás zahřejí po celý den.')).toBeNull();
    expect(copyLanguage('Ayakların hep üşüyor mu? Terliklerimiz seni bütün gün sıcak tutar.')).toBeNull();
  });

  it('gives null when unsure: no text, or too little to tell', () => {
    expect(copyLanguage('')).toBeNull();
    expect(copyLanguage('   ')).toBeNull();
    expect(copyLanguage('SHOP NOW')).toBeNull();
    expect(copyLanguage('€19,99 ⭐⭐⭐⭐⭐')).toBeNull();
  });
});
