import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { ScrollRestoration } from './scroll-restoration';
import { renderScreen } from './test-providers';

/** Where the page is scrolled to, as the browser keeps it. */
let scrolledTo = 0;

function scrollBy(visitor: number) {
  scrolledTo = visitor;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

function Page({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <Link to="/services">Services</Link>
      <Link to="/pricing#towing">Towing prices</Link>
      <button onClick={() => void navigate(-1)}>Back</button>
      <section id="towing">Towing</section>
    </>
  );
}

function renderSite(route = '/') {
  return renderScreen(
    <>
      <ScrollRestoration />
      <Routes>
        <Route path="/" element={<Page name="Home" />} />
        <Route path="/services" element={<Page name="Services" />} />
        <Route path="/pricing" element={<Page name="Pricing" />} />
      </Routes>
    </>,
    { route },
  );
}

async function go(user: ReturnType<typeof renderSite>['user'], name: string, page: string) {
  await user.click(screen.getByRole(name === 'Back' ? 'button' : 'link', { name }));
  await screen.findByRole('heading', { name: page });
}

let scrollTo: ReturnType<typeof vi.fn>;
let intoView: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  scrolledTo = 0;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrolledTo });
  scrollTo = vi.fn((_x: number, y: number) => {
    scrolledTo = y;
  });
  vi.stubGlobal('scrollTo', scrollTo);
  intoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('scrolling between pages', () => {
  it('leaves the first page of a visit where the browser put it', () => {
    renderSite('/');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('starts a new page at its top', async () => {
    const { user } = renderSite('/');
    scrollBy(900);
    await go(user, 'Services', 'Services');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('opens a page at the part a link names', async () => {
    const { user } = renderSite('/');
    await go(user, 'Towing prices', 'Pricing');
    expect(intoView.mock.contexts).toEqual([document.getElementById('towing')]);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('returns Back to where the visitor was on the page before', async () => {
    const { user } = renderSite('/');
    await go(user, 'Services', 'Services');
    scrollBy(640);
    await go(user, 'Towing prices', 'Pricing');
    scrollBy(1200);
    await go(user, 'Back', 'Services');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
