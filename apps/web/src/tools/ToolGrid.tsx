import { toolCategories, tools, type ToolCategory } from '@pagewright/contracts';
import { Chip, Group, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolCard } from './ToolCard';

type Filter = ToolCategory | 'all';

/** Every tool of the contracts tool table, filterable by mega-menu category. */
export function ToolGrid({ columns = 4 }: { columns?: number }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const shown = filter === 'all' ? tools : tools.filter((tool) => tool.category === filter);
  return (
    <>
      <Chip.Group value={filter} onChange={(value) => setFilter(value as Filter)}>
        <Group gap={8} mb="lg" justify="center" role="group" aria-label={t('home.filterLabel')}>
          <Chip value="all" variant="light">{t('categories.all')}</Chip>
          {toolCategories.map((category) => (
            <Chip key={category} value={category} variant="light">
              {t(`categories.${category}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: columns }} spacing="md" data-testid="tool-grid">
        {shown.map((tool) => (
          <ToolCard key={tool.pageName} tool={tool} />
        ))}
      </SimpleGrid>
    </>
  );
}
