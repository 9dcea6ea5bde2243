import { describe, expect, it } from 'vitest';
import { explorePath, nextExploreState, readExploreState, searchResultsPath } from './exploreState.ts';

describe('explore state in the URL', () => {
  it('reads every part and round-trips through the path', () => {
    const state = readExploreState('collection', new URLSearchParams('q=merdeka+17&sort=popular&category=sports&country=id&page=3'));
    expect(state).toEqual({ tab: 'collection', q: 'merdeka 17', sort: 'popular', category: 'sports', country: 'ID', page: 3 });
    expect(explorePath(state)).toBe('/explore/collection?q=merdeka+17&sort=popular&category=sports&country=ID&page=3');
    const [path, search] = explorePath(state).split('?');
    expect(readExploreState(path!.split('/')[2], new URLSearchParams(search))).toEqual(state);
  });

  it('drops what it does not know instead of failing', () => {
    expect(readExploreState('people', new URLSearchParams('sort=random&category=x&country=Indonesia&page=-2'))).toEqual({
      tab: 'campaign',
      q: '',
      sort: undefined,
      category: undefined,
      country: undefined,
      page: 1,
    });
    expect(readExploreState(undefined, new URLSearchParams('country=WW&page=99999')).page).toBe(1000);
    expect(explorePath(readExploreState(undefined, new URLSearchParams()))).toBe('/explore/campaign');
  });

  it('goes back to page 1 on any change but the page, and keeps relevance only with a search text', () => {
    const state = readExploreState('campaign', new URLSearchParams('q=run&sort=relevance&page=4'));
    expect(nextExploreState(state, { page: 5 }).page).toBe(5);
    expect(nextExploreState(state, { category: 'sports' })).toMatchObject({ page: 1, category: 'sports', sort: 'relevance' });
    expect(nextExploreState(state, { q: '' })).toMatchObject({ q: '', sort: undefined, page: 1 });
  });

  it('builds the results page of a navbar search', () => {
    expect(searchResultsPath('  café & co ')).toBe('/explore/campaign?q=caf%C3%A9+%26+co');
    expect(searchResultsPath('')).toBe('/explore/campaign');
  });
});
