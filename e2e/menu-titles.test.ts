import { dashTitle } from '@/local/creator-system/titles';
import { MENU_PATHS, menuTitle } from '@/lib/dashboard/menu';

// The menu and the analytics embed name each dashboard the same way (docs/product.md §2). The local
// creator system stands in for the embed, so the comparison lives here, outside the product.
describe('the menu and the analytics embed', () => {
  it('names each path as the analytics embed titles it', () => {
    for (const path of MENU_PATHS) expect([path, menuTitle(path)]).toEqual([path, dashTitle(path)]);
  });
});
