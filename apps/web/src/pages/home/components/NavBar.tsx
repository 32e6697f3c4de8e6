import { useState } from 'react';
import type { HomeContent } from '../../../api/crm/apply';
import { imageUrl, safeHref } from '../homeApi';

/** The top bar: brand, the admin's links (folded behind a menu button on phones) and 申请试用. */
export function NavBar({ brand, nav, applyText }: { brand: HomeContent['brand']; nav: HomeContent['nav']; applyText: string }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="home-nav">
      <div className="home-nav-inner">
        <a className="home-brand" href="#top">
          {brand.logo && <img src={imageUrl(brand.logo)} alt="" width={28} height={28} />}
          <span>{brand.name}</span>
        </a>
        {nav.length > 0 && (
          <button type="button" className="home-menu-button" aria-expanded={open} aria-controls="home-nav-links" aria-label="菜单" onClick={() => setOpen((o) => !o)}>
            <span />
            <span />
            <span />
          </button>
        )}
        <nav id="home-nav-links" className={open ? 'home-nav-links home-nav-open' : 'home-nav-links'} aria-label="导航">
          {nav.map((item) => (
            <a key={`${item.label}-${item.href}`} href={safeHref(item.href)} onClick={() => setOpen(false)}>
              {item.label}
            </a>
          ))}
        </nav>
        <a className="home-primary home-nav-cta" href="#apply">
          {applyText}
        </a>
      </div>
    </header>
  );
}
