import { appPageNames, toolPageNames } from '@pagewright/contracts';
import { Anchor, Box, List, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import { useDocumentTitle } from '../app/useDocumentTitle';

/** Top-level routes of SPEC §2 besides the /app children. */
const siteRoutes = ['/', '/preview', '/template', '/pricing', '/message', '/app/home-test'];

/** /app/automated-test: every route of SPEC §2 as a link, the starting point of automated checks. */
export default function AutomatedTestPage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const title = t('features.automated-test.title');
  useDocumentTitle(title);
  const routes = [
    ...siteRoutes,
    ...appPageNames.map((name) => (name === 'home' ? '/app' : `/app/${name}`)),
    ...toolPageNames.map((name) => `/app/${name}`),
  ];
  return (
    <Box maw={1180} mx="auto" px={{ base: 14, sm: 24 }} py={28}>
      <Title order={1} fz={26} mb="xs">{title}</Title>
      <Text c="dimmed" mb="lg">{t('features.automated-test.description')}</Text>
      <List spacing={4} data-testid="route-list">
        {routes.map((route) => (
          <List.Item key={route}>
            <Anchor component={Link} to={localized(route)}>{route}</Anchor>
          </List.Item>
        ))}
      </List>
    </Box>
  );
}
