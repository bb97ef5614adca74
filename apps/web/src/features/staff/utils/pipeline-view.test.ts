import { describe, expect, it } from 'vitest';
import { activeFilterCount, changeView, clearFilters, readView, viewParams } from './pipeline-view';

const view = (query: string) => readView(new URLSearchParams(query));

describe('the pipeline view in the address', () => {
  it('reads every parameter and writes back only what differs from the defaults, in a steady order', () => {
    const read = view('pageSize=50&statut=5,3&statut=3&q=%20Martin%20&sort=-updated&alert=stale&step=fiche&page=3');
    expect(read.statut).toEqual([3, 5]);
    expect(read.pageSize).toBe(50);
    expect(viewParams(read).toString()).toBe('q=Martin&statut=3%2C5&step=fiche&alert=stale&page=3&pageSize=50');
    expect(viewParams(view('')).toString()).toBe('');
  });

  it('drops what it cannot read instead of sending it', () => {
    const read = view(
      'statut=99,x,4&step=nope&waitingFor=someone&alert=later&page=-2&pageSize=33&formation=abc&updatedFrom=20-11-2026&sort=up',
    );
    expect(viewParams(read).toString()).toBe('statut=4');
  });

  it('goes back to the first page on any change but the page', () => {
    const onPage3 = view('page=3&school=ESILV');
    expect(changeView(onPage3, { waitingFor: 'company' }).page).toBe(1);
    expect(changeView(onPage3, { page: 4 }).page).toBe(4);
  });

  it('clears the filters but keeps the order and the page size, and counts the filters', () => {
    const busy = view('q=x&statut=3&employer=Thales&alert=waiting&sort=name&pageSize=100&page=2');
    expect(activeFilterCount(busy)).toBe(4);
    expect(viewParams(clearFilters(busy)).toString()).toBe('sort=name&pageSize=100');
    expect(activeFilterCount(clearFilters(busy))).toBe(0);
  });
});
