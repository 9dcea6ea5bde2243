import { describe, expect, it } from 'vitest';
import { designDocument, designProblems, walkElements, type DesignDocument, type TextElement } from '../../../contract/design.ts';
import { templateKit } from './templates/templateKit.ts';
import { DESIGN_TEMPLATES, findTemplate } from './templates/index.ts';
import { designFromDescription, fitText, hasKeyword, normalisedWords, rankTemplates, readDescription } from './designFromDescription.ts';
import { TEMPLATE_KEYWORDS } from './descriptionVocabulary.ts';
import { contrastRatio, hueOf, relativeLuminance } from './recolourDesign.ts';

const ids = (description: string) => designFromDescription(description).map((suggestion) => suggestion.template.id);
const texts = (document: DesignDocument) =>
  Object.fromEntries([...walkElements(document.elements)].flatMap(({ element }) => (element.type === 'text' ? [[element.name, element]] : [])) as [string, TextElement][]);
const fillColor = (document: DesignDocument) => {
  const fill = document.background;
  return fill?.kind === 'solid' ? fill.color : fill?.stops[0]?.color;
};

describe('the vocabulary', () => {
  it('has theme keywords for every built-in template, and only for those', () => {
    expect(Object.keys(TEMPLATE_KEYWORDS).sort()).toEqual(DESIGN_TEMPLATES.map((template) => template.id).sort());
    for (const [id, keywords] of Object.entries(TEMPLATE_KEYWORDS)) {
      for (const keyword of keywords) expect(normalisedWords(keyword).join(' '), `${id}: ${keyword}`).toBe(keyword);
    }
  });

  it('reads words without case, accents or punctuation, and keywords as whole words or long prefixes', () => {
    expect(normalisedWords('Selamat Hari Raya Idul-Fitri, Café!')).toEqual(['selamat', 'hari', 'raya', 'idul', 'fitri', 'cafe']);
    expect(hasKeyword(['idul', 'fitri'], 'idul fitri')).toBe(true);
    expect(hasKeyword(['graduations'], 'graduation')).toBe(true);
    expect(hasKeyword(['rung'], 'run')).toBe(false);
    expect(hasKeyword(['fitri', 'idul'], 'idul fitri')).toBe(false);
  });
});

describe('rankTemplates', () => {
  it.each([
    ['Graduation day 2026', 'Wisuda angkatan 2026', 'graduation-laurel'],
    ['Independence day', 'Dirgahayu kemerdekaan RI', 'indonesia-independence'],
    ['Eid greetings', 'Selamat Idul Fitri, mohon maaf lahir batin', 'eid-mubarak'],
    ['Happy birthday Ayu', 'Selamat ulang tahun Ayu', 'birthday-confetti'],
    ['Charity run', 'Lari pagi bersama', 'fun-run'],
    ['Football supporters club', 'Nobar sepak bola', 'football-matchday'],
    ['Go vote on election day', 'Ayo ke TPS, pemilu damai', 'go-vote'],
    ['Environment day', 'Jaga lingkungan kita', 'world-environment-day'],
    ['Volunteer week', 'Relawan banjir', 'volunteer-story'],
    ['National heroes day', 'Hari Pahlawan 10 November', 'heroes-day'],
  ])('ranks the theme of “%s” and “%s” first: %s', (english, indonesian, id) => {
    expect(rankTemplates(normalisedWords(english))[0]?.template.id).toBe(id);
    expect(rankTemplates(normalisedWords(indonesian))[0]?.template.id).toBe(id);
  });

  it('scores a template keyword above a category keyword and keeps the templates’ order on ties', () => {
    const ranked = rankTemplates(normalisedWords('nasional merdeka'));
    expect(ranked.slice(0, 3).map((entry) => [entry.template.id, entry.score])).toEqual([
      ['indonesia-independence', 4],
      ['merdeka-story', 4],
      ['heroes-day', 1],
    ]);
    expect(ranked[0]?.matches).toEqual(['merdeka', 'nasional']);
  });
});

describe('readDescription', () => {
  it('takes the title before the first comma, the rest as a second line, without the colour-only parts', () => {
    expect(readDescription('Hari Guru Nasional 2026, SMA Negeri 3 Bandung, blue and gold')).toEqual({
      words: ['hari', 'guru', 'nasional', '2026', 'sma', 'negeri', '3', 'bandung', 'blue', 'and', 'gold'],
      title: 'Hari Guru Nasional 2026',
      subtitle: 'SMA Negeri 3 Bandung',
      colours: ['#1d4ed8', '#d4a017'],
      year: '2026',
    });
    expect(readDescription('warna merah putih,  Lomba   Agustusan ')).toMatchObject({ title: 'Lomba Agustusan', subtitle: '', colours: ['#d62828'], year: null });
  });

  it('knows colours in English and Indonesian, longest name first, and leaves neutrals out', () => {
    expect(readDescription('merah muda dan biru tua').colours).toEqual(['#ec4899', '#1e3a8a']);
    expect(readDescription('Red, white and GOLD').colours).toEqual(['#d62828', '#d4a017']);
    expect(readDescription('hijau, hijau, green').colours).toEqual(['#16a34a']);
    expect(readDescription('hitam putih').colours).toEqual([]);
  });
});

describe('fitText', () => {
  const title = (text: string, size = 100) => templateKit().text({ x: 0, y: 100, width: 1000, text, font: 'bebas-neue', size, lineHeight: 1 });

  it('keeps a short text at the template’s size, in the template’s case', () => {
    expect(fitText(title('MATCHDAY'), 'Final Liga')).toMatchObject({ text: 'FINAL LIGA', fontSize: 100, y: 100 });
    const mixed = templateKit().text({ x: 0, y: 0, width: 900, text: 'Happy Birthday!', font: 'pacifico', size: 100 });
    expect(fitText(mixed, 'Ulang tahun Ayu').text).toBe('Ulang tahun Ayu');
  });

  it('shrinks a longer text, moves it to stay centred, and never goes below half the size', () => {
    const fitted = fitText(title('MATCHDAY'), 'Final Liga Antar Kampus Se-Jawa Barat');
    expect(fitted.fontSize).toBeLessThan(100);
    expect(fitted.fontSize).toBeGreaterThanOrEqual(50);
    expect(fitted.y).toBeGreaterThan(100);
    expect(fitted.text).toBe('FINAL LIGA ANTAR KAMPUS SE-JAWA BARAT');
  });

  it('shortens at a word with an ellipsis what does not fit even at half size', () => {
    const fitted = fitText(title('MATCHDAY'), 'word '.repeat(80).trim());
    expect(fitted.fontSize).toBe(50);
    expect(fitted.text.endsWith('WORD…')).toBe(true);
    expect(fitted.text.length).toBeLessThan(200);
  });
});

describe('designFromDescription', () => {
  it('turns the brief’s example into three designs with its title, second line, year and colours', () => {
    const suggestions = designFromDescription('Hari Guru Nasional 2026, SMA Negeri 3 Bandung, blue and gold');
    expect(suggestions.map((suggestion) => suggestion.template.id)).toEqual(['graduation-laurel', 'award-badge', 'indonesia-independence']);
    expect(suggestions[0]?.matches).toEqual(['sma', 'guru']);

    const graduation = suggestions[0]!.document;
    expect(graduation.name).toBe('Hari Guru Nasional 2026');
    const text = texts(graduation);
    expect(text.Title?.text).toBe('Hari Guru Nasional 2026');
    expect(text.Subtitle?.text).toBe('SMA NEGERI 3 BANDUNG');
    expect(text.Year?.text).toBe('2026');
    expect(text.Name?.text).toBe('Your Name · Your School');

    // The navy background stays blue, the gold stays gold, and the title reads as well as before.
    const original = findTemplate('graduation-laurel')!.build({ id: 'x', kind: 'frame', name: 'x' });
    expect(hueOf(fillColor(graduation)!)!.hue).toBeCloseTo(hueOf('#1d4ed8')!.hue, -1);
    expect(hueOf((text.Title!.fill as { color: string }).color)!.hue).toBeCloseTo(hueOf('#d4a017')!.hue, -1);
    const before = contrastRatio((texts(original).Title!.fill as { color: string }).color, fillColor(original)!);
    const after = contrastRatio((text.Title!.fill as { color: string }).color, fillColor(graduation)!);
    expect(Math.abs(after / before - 1)).toBeLessThan(0.02);
  });

  it('recolours towards a named colour while every colour keeps its luminance', () => {
    const [environment, run] = designFromDescription('Fun run for clean rivers, green');
    expect([environment?.template.id, run?.template.id]).toEqual(['world-environment-day', 'fun-run']);
    const runDocument = run!.document;
    const original = findTemplate('fun-run')!.build({ id: 'x', kind: 'frame', name: 'x' });
    const [from, to] = [fillColor(original)!, fillColor(runDocument)!];
    expect(hueOf(to)!.hue).toBeGreaterThan(100);
    expect(hueOf(to)!.hue).toBeLessThan(160);
    expect(relativeLuminance(to)).toBeCloseTo(relativeLuminance(from), 2);
    // White text stays white.
    expect(texts(runDocument).Subtitle?.fill).toEqual({ kind: 'solid', color: '#ffffff' });
    expect(texts(runDocument).Title?.text).toBe('FUN RUN FOR CLEAN RIVERS');
  });

  it('puts a second line only where the template has one', () => {
    const [rings] = designFromDescription('mandala, Ayu Lestari');
    expect(rings?.template.id).toBe('geometric-rings');
    expect(Object.keys(texts(rings!.document))).toEqual(['Title']);
    expect(texts(rings!.document).Title?.text).toBe('mandala');
  });

  it('fills up with designs of the same theme, then general ones', () => {
    expect(ids('lari 10K')).toEqual(['fun-run', 'football-matchday', 'badminton-smash']);
    expect(designFromDescription('lari 10K', { count: 5 }).map((suggestion) => suggestion.matches.length > 0)).toEqual([true, false, false, false, false]);
  });

  it('gives general designs, unchanged, for an empty or meaningless description', () => {
    for (const description of ['', '   ', 'qwerty zxcv', '!!!']) {
      const suggestions = designFromDescription(description, { untitled: (template) => `Untitled ${template.id}` });
      expect(suggestions.map((suggestion) => suggestion.template.id)).toEqual(['support-our-cause', 'geometric-rings', 'award-badge']);
      expect(suggestions.every((suggestion) => suggestion.matches.length === 0)).toBe(true);
      if (description.trim() === '' || description === '!!!') {
        const original = findTemplate('support-our-cause')!.build({ id: 'suggestion-1', kind: 'frame', name: 'Untitled support-our-cause' });
        expect(suggestions[0]!.document).toEqual({ ...original, updatedAt: suggestions[0]!.document.updatedAt });
      }
    }
  });

  it('is deterministic and always builds valid documents', () => {
    const descriptions = ['Hari Guru Nasional 2026, SMA Negeri 3 Bandung, blue and gold', 'Pemilu damai 2029, ungu', 'x'.repeat(300), 'Lebaran, hijau dan emas', 'Ulang tahun, merah muda'];
    for (const description of descriptions) {
      const first = designFromDescription(description, { kind: 'background' });
      expect(designFromDescription(description, { kind: 'background' })).toEqual(first);
      for (const { document } of first) {
        const parsed = designDocument.safeParse(document);
        expect(parsed.success, parsed.error?.message).toBe(true);
        expect(designProblems(document)).toEqual([]);
        expect(document.kind).toBe('background');
        expect(document.name.length).toBeLessThanOrEqual(80);
      }
    }
  });
});
