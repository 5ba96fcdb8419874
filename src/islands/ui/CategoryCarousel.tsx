/**
 * Category tiles (image and name) in a swiper carousel (SPEC §2 Header: Shop;
 * reused by the home page). Each tile links to /shop?categories={name}.
 * Autoplays every 3 s, loops when there are more than 8 categories, and shows
 * 8/5/4/3/2 tiles at 1280/1024/768/640/320 px.
 *
 * Swiper writes inline styles; on the client that goes through the DOM (CSP
 * allows it), but in server-rendered HTML it would be refused. So the server
 * (and the first client render) output a plain scrollable list of the same
 * tiles, as many per view as the carousel shows, and Swiper takes over once
 * mounted. The home page renders only that list, with no island: a small
 * script autoplays it (src/scripts/category-strip.ts), so the home page loads
 * neither React nor Swiper for it. Swiper's stylesheet is part of
 * src/styles/global.css, inline in every page (decision 028).
 */
import { useEffect, useState } from 'react';
import { A11y, Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Category } from '../../lib/api/store.ts';
import { CAROUSEL_AUTOPLAY_MS } from '../../lib/constants.ts';
import { carouselBreakpoints, carouselLoops } from '../../lib/header.ts';
import { markPureIsland } from '../../lib/pure-island.ts';
import { shopCategoryPath } from '../../lib/routes.ts';

interface Props {
  categories: Category[];
  /** Accessible name of the carousel region. */
  label?: string;
}

const TILE_PX = 160;
const BREAKPOINTS = carouselBreakpoints();

export default function CategoryCarousel({ categories, label = 'Shop by category' }: Props) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  if (categories.length === 0) return <p className="py-4 text-center text-sm opacity-80">No categories found</p>;

  return (
    <section aria-label={label} data-carousel={mounted ? 'swiper' : 'list'}>
      {mounted ? (
        <Carousel categories={categories} />
      ) : (
        <ul className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2" data-carousel-track>
          {categories.map((category) => (
            // SPEC §9: 2, 3, 4, 5 and 8 tiles at 320, 640, 768, 1024 and 1280 px (gap 0.75rem).
            <li
              key={category.id}
              className="w-[calc((100%-0.75rem)/2)] shrink-0 snap-start sm:w-[calc((100%-1.5rem)/3)] md:w-[calc((100%-2.25rem)/4)] lg:w-[calc((100%-3rem)/5)] xl:w-[calc((100%-5.25rem)/8)]"
            >
              <CategoryTile category={category} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
// Its server HTML is a list of its props' tiles: the home page renders it once per category list (decision 034),
// not twice per page (@astrojs/react renders a component once to recognise it, then again).
markPureIsland(CategoryCarousel, 'cc');

function Carousel({ categories }: { categories: Category[] }) {
  return (
    <Swiper
      modules={[Autoplay, A11y]}
      slidesPerView={2}
      spaceBetween={12}
      breakpoints={BREAKPOINTS}
      loop={carouselLoops(categories.length)}
      autoplay={{ delay: CAROUSEL_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
      a11y={{ enabled: true }}
    >
      {categories.map((category) => (
        <SwiperSlide key={category.id}>
          <CategoryTile category={category} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

function CategoryTile({ category }: { category: Category }) {
  return (
    <a
      href={shopCategoryPath(category.name)}
      className="group block rounded-xl p-1 text-center text-sm font-medium focus-visible:outline-offset-0"
    >
      <span className="block aspect-square overflow-hidden rounded-lg bg-current/5">
        {category.image && (
          <img
            src={category.image}
            alt=""
            width={TILE_PX}
            height={TILE_PX}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        )}
      </span>
      <span className="mt-2 block truncate">{category.name}</span>
    </a>
  );
}
