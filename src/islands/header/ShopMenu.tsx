/**
 * Header Shop link with its full-width category carousel (SPEC §2 Header).
 * Without JavaScript the link goes to /shop. The carousel (and swiper) load
 * only when the panel first opens, so this island stays small.
 */
import { lazy, Suspense } from 'react';
import { ROUTES } from '../../lib/routes.ts';
import HoverMenu from './HoverMenu.tsx';
import { useHeaderCategories } from './use-header-categories.ts';
import { markPureIsland } from '../../lib/pure-island.ts';

const CategoryCarousel = lazy(() => import('../ui/CategoryCarousel.tsx'));

interface Props {
  current?: boolean;
}

export default function ShopMenu({ current }: Props) {
  const categories = useHeaderCategories();
  return (
    <HoverMenu
      menu="shop"
      href={ROUTES.shop}
      label="Shop"
      toggleLabel="Show category carousel"
      current={current}
      // No `relative` wrapper: the panel is placed against the fixed header, full width.
      panelClassName="absolute inset-x-0 top-full z-50 border-t border-current/10 bg-header text-on-header shadow-lg"
    >
      <div className="mx-auto max-w-7xl px-4 py-5">
        <Suspense fallback={<p className="py-10 text-center text-sm opacity-80">Loading categories…</p>}>
          <CategoryCarousel categories={categories} label="Shop categories" />
        </Suspense>
      </div>
    </HoverMenu>
  );
}

// Its server HTML depends on its props alone: rendered once per props (decision 034).
markPureIsland(ShopMenu, 'sm');
