import { Link } from 'react-router';
import { phoneHref, useShellData } from '../../lib/shell-data';
import { Icon } from '../../ui/Icon';
import { RepresentLink, loadFeedbackDialogs, type FeedbackKind } from '../feedback';
import { SocialLinks } from './SocialLinks';

// Hovering or focusing an opener starts the download of the dialogs, so the click rarely waits for it.
const preloadFeedbackDialogs = () => void loadFeedbackDialogs();

/**
 * The header's top strip (tablet and up; hidden on phones): where to buy, "Стать представителем", the support
 * phone, the call-back and message dialogs' openers and the social links.
 */
export function Topbar({ onFeedback }: { onFeedback: (kind: FeedbackKind) => void }) {
  const { config } = useShellData();
  return (
    <div className="topbar">
      <div className="container topbar__inner">
        <nav className="topbar__links" aria-label="Информация для покупателей">
          <Link to="/where-buy">
            <Icon name="pin" size={18} />
            Где купить
          </Link>
          <RepresentLink variant="header" />
        </nav>
        <div className="topbar__contacts">
          <a className="topbar__phone" href={phoneHref(config.supportPhone)}>
            <Icon name="phone" size={16} />
            <span className="visually-hidden">Телефон поддержки: </span>
            {config.supportPhone}
          </a>
          <button
            type="button"
            className="topbar__action"
            aria-haspopup="dialog"
            onPointerEnter={preloadFeedbackDialogs}
            onFocus={preloadFeedbackDialogs}
            onClick={() => onFeedback('call')}
          >
            Заказать звонок
          </button>
          <button
            type="button"
            className="topbar__action"
            aria-haspopup="dialog"
            onPointerEnter={preloadFeedbackDialogs}
            onFocus={preloadFeedbackDialogs}
            onClick={() => onFeedback('message')}
          >
            Написать нам
          </button>
          <SocialLinks urls={config.social} className="topbar__social" />
        </div>
      </div>
    </div>
  );
}
