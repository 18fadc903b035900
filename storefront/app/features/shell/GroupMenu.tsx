import { Icon } from '../../ui/Icon';
import { GroupChooser } from '../account';
import { HeaderDropdown } from './HeaderDropdown';

/** A representative's choice of whom they buy for, in the header (phones have it in the side menu). */
export function GroupMenu({ actingTitle }: { actingTitle: string | undefined }) {
  return (
    <HeaderDropdown
      label={
        <>
          <Icon name="represent" />
          <span className="header-action__label">Группа</span>
          <span className="visually-hidden">: {actingTitle ?? 'лично'}</span>
        </>
      }
      buttonClassName="header-action header-action--login header-action--group"
      panelClassName="header-panel header-panel--small group-menu"
      panelLabel="Покупать от имени"
    >
      <GroupChooser />
    </HeaderDropdown>
  );
}
