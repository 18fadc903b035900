import { Suspense, lazy, useState } from 'react';
import { phoneHref, useShellData } from '../../lib/shell-data';
import './represent-block.css';

// The application's dialog is loaded on the first wish to open it (a pointer over the button, the focus).
const loadRepresentDialog = () => import('./RepresentDialog');
const RepresentDialog = lazy(loadRepresentDialog);
const preloadRepresentDialog = () => void loadRepresentDialog();

/**
 * "Стать представителем": the block the header and footer links scroll to (spec §2, id "represent"), with
 * the application form in a dialog.
 */
export function RepresentBlock() {
  const { config } = useShellData();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted: a closed form keeps what the visitor typed.
  const [wanted, setWanted] = useState(false);
  return (
    <section id="represent" className="section represent" aria-labelledby="represent-title">
      <div className="represent__text">
        <h2 id="represent-title" className="section__title">
          Стать представителем
        </h2>
        <p>
          Продаёте материалы для ресниц в своём городе или ведёте обучение? Станьте нашим представителем:
          специальные цены для вашей группы, поддержка менеджера и материалы для продвижения.
        </p>
      </div>
      <div className="represent__actions">
        <button
          type="button"
          className="button button--primary"
          aria-haspopup="dialog"
          onPointerEnter={preloadRepresentDialog}
          onFocus={preloadRepresentDialog}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          Оставить заявку
        </button>
        <a href={phoneHref(config.supportPhone)} className="button button--quiet">
          Позвонить: {config.supportPhone}
        </a>
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <RepresentDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
