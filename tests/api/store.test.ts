import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { insertHomeSections } from '../../api/db/seed/seed.repository.ts';
import { fileList } from '../../api/store/store.service.ts';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

describe('POST /store-info', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  it('answers the store information and the leaf categories, not wrapped in data', async () => {
    const { categories: c } = ctx.f;
    const res = await ctx.api.post('/store-info');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      storeinfo: {
        store_name: 'Fixture Store',
        logo: 'https://cdn.example/logo.png',
        email: 'hello@fixture.example',
        phone: '9876543210',
        address: '1 MG Road, Bengaluru',
        meta_title: 'Fixture Store',
        meta_description: 'Clothes, watches and bags',
        fontFamily: 'Instrument Sans',
        backgroundColor: '#ffffff',
        buttonBackgroundColor: '#222222',
        topHeaderBackgroundColor: '#111111',
        headerBackgroundColor: '#FFFFFF',
        footerBackgroundColor: '#111111',
        bottomFooterBackgroundColor: '#FFF7F2',
        bannerType: 'image',
        categoryLayout: 'swiper',
      },
      // Ordered by position; the parent "Clothing" has children, so it is not listed.
      sub_category_list: [
        { id: c.tshirts, name: 'T-Shirts', image: 'http://localhost:4321/media/categories/t-shirts.jpg' },
        { id: c.shirts, name: 'Shirts', image: 'http://localhost:4321/media/categories/shirts.jpg' },
        { id: c.watches, name: 'Watches', image: 'http://localhost:4321/media/categories/watches.jpg' },
        { id: c.luggage, name: 'Luggage', image: 'http://localhost:4321/media/categories/luggage.jpg' },
        { id: c.caps, name: 'Caps', image: 'http://localhost:4321/media/categories/caps.jpg' },
      ],
    });
  });

  it('allows short shared caching of the store information', async () => {
    const res = await ctx.api.post('/store-info');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it('ignores any JSON body it is sent, and refuses a form body with 415', async () => {
    const json = await ctx.api.post('/store-info', { anything: ['x'], user_token: '{token}' });
    expect(json.status).toBe(200);
    expect(json.body.storeinfo.store_name).toBe('Fixture Store');
    const form = new FormData();
    form.set('user_token', '{token}');
    const multipart = await ctx.api.call('POST', '/store-info', { body: form });
    expect(multipart.status).toBe(415);
  });
});

describe('POST /store-info before the store is set up', () => {
  let store: StoreDatabase;
  beforeAll(async () => {
    store = await createTestDatabase();
  });
  afterAll(() => store.close());

  it('answers 404 with the store fallback message and is not cached', async () => {
    const res = await createTestApi(store).post('/store-info');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Failed to fetch store information' });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('marks every answer not kept unless its route allows a shared copy: errors, refusals and unknown addresses too', async () => {
    const api = createTestApi(store);
    const answers = [
      await api.call('POST', '/store-info', { headers: { 'API-KEY': 'wrong-key' } }),
      await api.get('/no-such-address'),
      await api.call('POST', '/subcategory-variations', { body: 'sub_category_id=4', headers: { 'Content-Type': 'text/plain' } }),
    ];
    expect(answers.map((res) => res.status)).toEqual([401, 404, 415]);
    for (const res of answers) expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers an empty list of home sections', async () => {
    const res = await createTestApi(store).get('/home-page-sections');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Success', data: [] });
  });
});

describe('GET /home-page-sections', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  it('lists the sections by position with slider files as an array and sanitised content', async () => {
    const res = await ctx.api.get('/home-page-sections');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(res.body).toEqual({
      success: true,
      message: 'Success',
      data: [
        {
          id: expect.any(Number),
          section: 'hero',
          hero_type: 'slider',
          slider_files: ['http://localhost:4321/media/home/one.jpg', 'http://localhost:4321/media/home/two.jpg'],
          image_url: '',
          video_url: '',
          title: 'Summer sale',
          content: '<p>Up to <b>50%</b> off</p>',
        },
        {
          id: expect.any(Number),
          section: 'secondary',
          image_url: 'http://localhost:4321/media/home/secondary.jpg',
          title: 'New season',
          content: '<h2>Fresh</h2><p>Layers</p>',
        },
      ],
    });
  });

  it('removes scripts, event handlers, styles and iframes from section content', async () => {
    const res = await ctx.api.get('/home-page-sections');
    const html = res.body.data.map((s: { content: string }) => s.content).join('');
    for (const banned of ['<script', 'onerror', 'onmouseover', 'style=', '<iframe', '<img', 'document.cookie']) {
      expect(html).not.toContain(banned);
    }
  });

  it('reads slider files stored as a JSON array too, and defaults a hero without a type to slider', async () => {
    await insertHomeSections(ctx.store.db, [
      {
        section: 'hero',
        hero_type: null,
        slider_files: '["/a.jpg", " /b.jpg ", 7, ""]',
        image_url: '',
        video_url: '',
        title: 'JSON',
        content: '',
        position: 9,
      },
    ]);
    const res = await ctx.api.get('/home-page-sections');
    const last = res.body.data.at(-1);
    expect(last).toMatchObject({ section: 'hero', hero_type: 'slider', slider_files: ['/a.jpg', '/b.jpg'] });
  });
});

describe('slider file lists', () => {
  it('splits comma lists, trims and drops blanks', () => {
    expect(fileList(' /a.jpg ,, /b.jpg,')).toEqual(['/a.jpg', '/b.jpg']);
    expect(fileList('')).toEqual([]);
  });

  it('reads a JSON array and falls back to a list when the JSON is broken', () => {
    expect(fileList('["/a.jpg","/b.jpg"]')).toEqual(['/a.jpg', '/b.jpg']);
    expect(fileList('[/a.jpg, /b.jpg')).toEqual(['[/a.jpg', '/b.jpg']);
  });
});
