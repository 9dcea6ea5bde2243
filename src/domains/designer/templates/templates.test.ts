import { describe, expect, it } from 'vitest';
import { DESIGN_LIMITS, DESIGN_SCHEMA_VERSION, designDocument, designProblems, templateCategories, walkElements, type DesignDocument } from '../../../../contract/design.ts';
import enText from '../../../../locales/en.json?raw';
import idText from '../../../../locales/id.json?raw';
import { DESIGN_TEMPLATES, findTemplate } from './index.ts';
import { around, at, templateKit } from './templateKit.ts';

const en: unknown = JSON.parse(enText);
const id: unknown = JSON.parse(idText);
const lookup = (messages: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), messages);

const build = (kind: 'frame' | 'background' = 'frame') => DESIGN_TEMPLATES.map((template) => ({ template, document: template.build({ id: 'doc-1', kind, name: 'My design' }) }));

describe('DESIGN_TEMPLATES', () => {
  it('has at least 12 templates with unique ids, at least two in every category', () => {
    expect(DESIGN_TEMPLATES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DESIGN_TEMPLATES.map((template) => template.id)).size).toBe(DESIGN_TEMPLATES.length);
    for (const category of templateCategories) expect(DESIGN_TEMPLATES.filter((template) => template.category === category).length, category).toBeGreaterThanOrEqual(2);
    expect(findTemplate('indonesia-independence')?.category).toBe('national-day');
    expect(findTemplate('nope')).toBeUndefined();
  });

  it('builds schema-valid documents for both kinds, with no tree problems and no images', () => {
    for (const kind of ['frame', 'background'] as const) {
      for (const { template, document } of build(kind)) {
        const parsed = designDocument.safeParse(document);
        expect(parsed.success, `${template.id}: ${parsed.error?.message}`).toBe(true);
        expect(designProblems(document), template.id).toEqual([]);
        expect(document).toMatchObject({ schemaVersion: DESIGN_SCHEMA_VERSION, id: 'doc-1', kind, name: 'My design', templateId: template.id, assets: {} });
        expect([...walkElements(document.elements)].some(({ element }) => element.type === 'image'), template.id).toBe(false);
      }
    }
  });

  it('gives every template a photo hole and a Title text users can restyle', () => {
    for (const { template, document } of build()) {
      const elements = [...walkElements(document.elements)].map(({ element }) => element);
      expect(elements.some((element) => element.hole && element.type !== 'text'), template.id).toBe(true);
      const title = elements.find((element) => element.name === 'Title');
      expect(title?.type, template.id).toBe('text');
    }
  });

  it('gives every layer of a template its own name', () => {
    for (const { template, document } of build()) {
      const names = [...walkElements(document.elements)].map(({ element }) => element.name);
      expect(names.filter((name, index) => names.indexOf(name) !== index), template.id).toEqual([]);
      for (const name of names) expect(name.length, template.id).toBeLessThanOrEqual(DESIGN_LIMITS.maxNameLength);
    }
    // Repeated parts are numbered in layer order.
    const laurel = findTemplate('graduation-laurel')!.build({ id: 'd', kind: 'frame', name: 'G' });
    const leaves = [...walkElements(laurel.elements)].map(({ element }) => element.name).filter((name) => name.startsWith('Leaf'));
    expect(leaves.slice(0, 3)).toEqual(['Leaf 1', 'Leaf 2', 'Leaf 3']);
  });

  it('keeps sizes within the limits and uses several presets and fonts', () => {
    for (const template of DESIGN_TEMPLATES) {
      for (const side of [template.width, template.height]) {
        expect(Number.isInteger(side)).toBe(true);
        expect(side).toBeGreaterThanOrEqual(DESIGN_LIMITS.minSide);
        expect(side).toBeLessThanOrEqual(DESIGN_LIMITS.maxSide);
      }
    }
    expect(new Set(DESIGN_TEMPLATES.map((template) => `${template.width}x${template.height}`))).toEqual(new Set(['1080x1080', '1080x1350', '1080x1920']));
    const fonts = new Set(build().flatMap(({ document }) => [...walkElements(document.elements)].flatMap(({ element }) => (element.type === 'text' ? [element.fontFamily] : []))));
    expect(fonts.size).toBeGreaterThanOrEqual(6);
  });

  it('builds a fresh document on every call', () => {
    const template = DESIGN_TEMPLATES[0]!;
    const first: DesignDocument = template.build({ id: 'a', kind: 'frame', name: 'A' });
    const second = template.build({ id: 'b', kind: 'frame', name: 'B' });
    expect(second.elements).toEqual(first.elements);
    expect(second.elements).not.toBe(first.elements);
    first.elements.pop();
    expect(template.build({ id: 'c', kind: 'frame', name: 'C' }).elements.length).toBe(second.elements.length);
  });

  it('has an English and an Indonesian name for every template', () => {
    for (const template of DESIGN_TEMPLATES) {
      expect(template.nameKey.startsWith('design.templates.names.')).toBe(true);
      expect(typeof lookup(en, template.nameKey), template.nameKey).toBe('string');
      expect(typeof lookup(id, template.nameKey), template.nameKey).toBe('string');
    }
  });
});

describe('templateKit', () => {
  it('at() keeps the centre of a turned box where it was asked to be', () => {
    const box = at(100, 200, 60, 20, 90);
    // Turning (30, 10) by 90° clockwise gives (-10, 30) from the origin.
    expect(box.x - 10).toBeCloseTo(100);
    expect(box.y + 30).toBeCloseTo(200);
  });

  it('around() starts at the top and goes clockwise', () => {
    const [top, right] = around(4, 0, 0, 10);
    expect(top).toEqual({ x: 0, y: -10, angle: 0 });
    expect(right).toEqual({ x: 10, y: 0, angle: 90 });
  });

  it('line() runs from its first point to its second', () => {
    const k = templateKit();
    const line = k.line(10, 10, 10, 110, '#000000', 8);
    expect(line.width).toBe(100);
    expect(line.rotation).toBe(90);
    // Local (0, height / 2) turned by 90° lands on the start point.
    expect(line.x - 4).toBeCloseTo(10);
    expect(line.y).toBeCloseTo(10);
  });

  it('numbers ids per kit', () => {
    const k = templateKit();
    const group = k.group('G', [k.circle(0, 0, 5), k.rect({ x: 0, y: 0, width: 1, height: 1 })]);
    expect([...walkElements([group])].map(({ element }) => element.id)).toEqual(['el-3', 'el-1', 'el-2']);
  });
});
