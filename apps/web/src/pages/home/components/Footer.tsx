import type { HomeContent } from '../../../api/crm/apply';

/** The footer blocks (contact, hours …) and the copyright line. */
export function Footer({ footer }: { footer: HomeContent['footer'] }) {
  return (
    <footer className="home-footer" id="contact">
      {footer.blocks.length > 0 && (
        <div className="home-footer-blocks">
          {footer.blocks.map((b, i) => (
            <section key={i}>
              {b.title && <h3>{b.title}</h3>}
              {b.text && <p>{b.text}</p>}
            </section>
          ))}
        </div>
      )}
      {footer.copyright && <p className="home-copyright">{footer.copyright}</p>}
    </footer>
  );
}
