import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from '../account/accountStore';
import { useLocalizedPath } from '../app/paths';
import { readerOf, unreadBadge } from './messageView';
import { useUnreadCounts } from './useUnreadCounts';

/** The top bar's bell: unread messages and system info together, a link to the message centre. */
export function NotificationsButton() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { user, ready } = useAccount();
  const counts = useUnreadCounts(readerOf(user), ready);
  const total = counts.data?.total_unread_count ?? 0;
  const badge = unreadBadge(total);
  const label = badge ? t('messages.notificationsUnread', { count: total }) : t('topbar.notifications');
  return (
    <Tooltip label={label} withArrow>
      <Indicator disabled={badge === null} label={badge} size={16} offset={6} color="red.8" data-testid="notifications-count">
        <ActionIcon component={Link} to={localized('/message')} variant="subtle" color="dark" size="lg" aria-label={label} data-testid="notifications-button">
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
