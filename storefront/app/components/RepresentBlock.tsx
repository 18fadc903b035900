import { Link } from 'react-router';
import { phoneHref, useShellData } from '../lib/shell-data';
import './represent-block.css';

/** "Стать представителем": the block the header and footer links scroll to (spec §2, id "represent"). */
export function RepresentBlock() {
  const { config } = useShellData();
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
        <Link to="/contacts" className="button button--primary">
          Оставить заявку
        </Link>
        <a href={phoneHref(config.supportPhone)} className="button button--quiet">
          Позвонить: {config.supportPhone}
        </a>
      </div>
    </section>
  );
}
