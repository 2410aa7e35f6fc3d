import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { CloudFolder } from '@pagewright/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROOT_FOLDER } from './cloudApi';
import { cloudSearchOf } from './cloudView';
import type { ItemIds } from './selection';
import { useFolderDrop } from './useFolderDrop';
import classes from './cloud.module.css';

/** All files › folder › sub-folder: each crumb above the open folder opens it and takes drops. */
export function CloudBreadcrumbs({ path, onDrop }: { path: CloudFolder[]; onDrop: (ids: ItemIds, folderId: string) => void }) {
  const { t } = useTranslation();
  const crumbs = [{ id: ROOT_FOLDER, name: t('cloud.views.all') }, ...path.map((f) => ({ id: f.folder_id, name: f.name }))];
  return (
    <nav aria-label={t('cloud.breadcrumbs')}>
      <Breadcrumbs separatorMargin={4} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }} data-testid="cloud-breadcrumbs">
        {crumbs.map((crumb, i) => (i === crumbs.length - 1
          ? <Text key={crumb.id || 'root'} fz="sm" fw={600} className={classes.crumb} aria-current="page" data-testid="cloud-crumb">{crumb.name}</Text>
          : <Crumb key={crumb.id || 'root'} folderId={crumb.id} name={crumb.name} onDrop={onDrop} />))}
      </Breadcrumbs>
    </nav>
  );
}

function Crumb({ folderId, name, onDrop }: { folderId: string; name: string; onDrop: (ids: ItemIds, folderId: string) => void }) {
  const drop = useFolderDrop(folderId, onDrop);
  return (
    <Anchor
      component={Link}
      to={{ search: cloudSearchOf({ kind: 'folder', folderId }).toString() }}
      fz="sm"
      className={classes.crumb}
      data-drop-over={drop.over || undefined}
      data-testid="cloud-crumb"
      {...drop.props}
    >
      {name}
    </Anchor>
  );
}
