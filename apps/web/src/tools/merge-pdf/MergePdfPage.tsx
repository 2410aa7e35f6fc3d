import { toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { startTool } from '../../api/client';
import type { FileItem } from '../../files/fileStore';
import { Workspace } from '../../workspace/Workspace';
import type { CreateTask } from '../../workspace/taskRun';
import { MergeSidePanel } from './MergeSidePanel';

const mergePdf = toolByPageName('merge-pdf') as ToolDefinition;

/** Merge PDF (SPEC §7 POST merge): the ready files, in list order, into one PDF. */
const createMergeTask: CreateTask = (files: FileItem[], signal) => {
  const fileIds = files.map((file) => file.ossInfo?.file_id ?? '');
  const passwords = files.map((file) => file.password ?? '');
  return startTool('merge', 
    passwords.some((password) => password !== '')
      ? { file_ids: fileIds, passwds: passwords }
      : { file_ids: fileIds },
    signal,
  );
};

export default function MergePdfPage() {
  return (
    <Workspace
      tool={mergePdf}
      createTask={createMergeTask}
      minFiles={2}
      sidePanel={<MergeSidePanel />}
    />
  );
}
