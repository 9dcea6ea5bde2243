import { describe, expect, it } from 'vitest';
import { collectionFormProblems, createBody, emptyCollectionForm, updateBody, type CollectionFormValues } from './collectionForm.ts';

const campaign = (uri: string) => ({
  uri,
  type: 'frame' as const,
  title: `Title ${uri}`,
  description: '',
  thumbnailUrl: `/files/${uri}.webp`,
  supportersCount: 1,
  creator: { username: 'ana', name: 'Ana', avatarUrl: null },
  createdAt: new Date(0).toISOString(),
  visibility: 'public' as const,
});

describe('collection form', () => {
  it('names each problem before anything is sent', () => {
    expect(collectionFormProblems(emptyCollectionForm())).toEqual({ title: { key: 'titleShort', values: { min: 3 } }, uri: { key: 'uriMissing' } });
    expect(collectionFormProblems({ ...emptyCollectionForm(), title: 'Fine', uri: 'explore' }).uri).toEqual({ key: 'uriReserved' });
    expect(collectionFormProblems({ ...emptyCollectionForm(), title: 'Fine', uri: 'Not ok' }).uri).toEqual({ key: 'uriInvalid' });
    expect(collectionFormProblems({ ...emptyCollectionForm(), title: 'Fine', uri: 'fine-link' })).toEqual({});
  });

  it('sends the campaigns in order and the cover only when it changed', () => {
    const values: CollectionFormValues = { ...emptyCollectionForm(), title: ' Picks ', uri: 'picks', campaigns: [campaign('b'), campaign('a')] };
    expect(createBody(values)).toEqual({ uri: 'picks', title: 'Picks', description: '', visibility: 'public', campaigns: ['b', 'a'] });
    expect(updateBody(values)).not.toHaveProperty('cover');
    expect(updateBody({ ...values, cover: { kind: 'none' } }).cover).toBeNull();
    expect(updateBody({ ...values, cover: { kind: 'new', key: 'uploads/collection/u/x.png', preview: 'blob:x' } }).cover).toBe('uploads/collection/u/x.png');
  });
});
