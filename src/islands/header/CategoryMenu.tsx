/**
 * Header Category link with its dropdown (SPEC §2 Header): categories from
 * store-info, the first 10 with 'Show more' / 'Show less', each linking to
 * /shop?categories={name}. Without JavaScript the link goes to /categories.
 */
import { useState } from 'react';
import { visibleCategories } from '../../lib/header.ts';
import { ROUTES, shopCategoryPath } from '../../lib/routes.ts';
import HoverMenu from './HoverMenu.tsx';
import { useHeaderCategories, type HeaderCategory } from './use-header-categories.ts';
import { markPureIsland } from '../../lib/pure-island.ts';

interface Props {
  current?: boolean;
}

export default function CategoryMenu({ current }: Props) {
  const categories = useHeaderCategories();
  return (
    <HoverMenu
      menu="category"
      href={ROUTES.categories}
      label="Category"
      toggleLabel="Show categories"
      current={current}
      className="relative"
      panelClassName="absolute top-full left-0 z-50 mt-3 w-64 rounded-xl border border-current/10 bg-header p-2 text-on-header shadow-lg"
    >
      <CategoryList categories={categories} />
    </HoverMenu>
  );
}

function CategoryList({ categories }: { categories: HeaderCategory[] }) {
  const [expanded, setExpanded] = useState(false);
  if (categories.length === 0) return <p className="px-3 py-2 text-sm opacity-80">No categories found</p>;
  const { items, hasMore } = visibleCategories(categories, expanded);
  return (
    <>
      <ul className="max-h-[70vh] overflow-y-auto" aria-label="Categories">
        {items.map((category) => (
          <li key={category.id}>
            <a href={shopCategoryPath(category.name)} className="block rounded-md px-3 py-2 text-sm hover:bg-current/10">
              {category.name}
            </a>
          </li>
        ))}
      </ul>
      {hasMore && (
        <button
          type="button"
          onClick={() => setExpanded(!expanded)}
          className="mt-1 w-full rounded-md px-3 py-2 text-left text-sm font-semibold underline-offset-4 hover:underline"
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </>
  );
}

// Its server HTML depends on its props alone: rendered once per props (decision 034).
markPureIsland(CategoryMenu, 'cm');
