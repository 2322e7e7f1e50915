import type { Comment, CommentItemType, WorkspaceMember } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isNotFound } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth.ts";
import {
  collabApi,
  collabKeys,
  itemCommentsQuery,
  itemContextQuery,
  workspaceMembersQuery,
  workspacesQuery,
} from "@/lib/collab-api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { formatRelativeTime } from "@/lib/format.ts";
import { splitMentions } from "@/lib/mentions.ts";
import { AccessNote } from "./AccessNote.tsx";
import { MentionTextarea } from "./MentionTextarea.tsx";
import "@/lib/i18n-collab.d.ts";
import { cn } from "@/lib/cn.ts";
import { personLabel } from "@/lib/person.ts";
import { mayIn } from "@/lib/workspace-access.ts";

/** "@ana" as "Ana Pérez (@ana)" when the members list names her; as written otherwise. */
function mentionLabel(text: string, members: readonly WorkspaceMember[]): string {
  const username = text.slice(1).toLowerCase();
  const member = members.find((candidate) => candidate.username.toLowerCase() === username);
  return member ? personLabel(member) : text;
}

interface Rights {
  comment: boolean;
  moderate: boolean;
  userId: number | null;
  members: readonly WorkspaceMember[];
}

/**
 * Threaded comments with @mentions on a workspace session or series. Members read them; players
 * and staff write; authors edit and delete their own (owners delete any). Renders nothing for a
 * personal item (comments exist in workspaces only).
 *
 * @example <CommentsPanel type="session" id={session.id} />
 */
export function CommentsPanel({
  type,
  id,
  className,
}: {
  type: CommentItemType;
  id: string;
  /** Placement classes from the page. */
  className?: string;
}) {
  const { t } = useTranslation("collab");
  const headingId = useId();
  const { user } = useAuth();
  // Asked first (the same query as "Move to workspace"): a personal item has no comments, and
  // asking for them would be a 404 on every personal draft's page.
  const context = useQuery(itemContextQuery(type, id));
  const comments = useQuery({ ...itemCommentsQuery(type, id), enabled: Boolean(context.data?.workspace_id) });
  // The item's workspace from its context: the member's rights and the mention list are asked for
  // beside the comments, not after them.
  const workspaceId = context.data?.workspace_id ?? undefined;
  const workspaces = useQuery({
    ...workspacesQuery,
    enabled: Boolean(workspaceId),
  });
  const workspace = workspaces.data?.find((candidate) => candidate.id === workspaceId);
  const mayComment = mayIn(workspace, "comment");
  const members = useQuery({
    ...workspaceMembersQuery(workspaceId ?? ""),
    enabled: Boolean(workspaceId) && mayComment,
  });

  // A personal item (or one the caller cannot see): no comments.
  if (context.data && !context.data.workspace_id) return null;
  if (comments.isError && isNotFound(comments.error)) return null;

  const rights: Rights = {
    comment: mayComment,
    // An owner moderates while the workspace may be written (deleting is a write, refused read-only).
    moderate: mayIn(workspace, "manage_members") && mayIn(workspace, "comment"),
    userId: user?.id ?? null,
    members: members.data ?? [],
  };
  const threads = (comments.data?.results ?? []).filter((comment) => comment.parent_id === null);
  const replies = (rootId: string) =>
    (comments.data?.results ?? []).filter((comment) => comment.parent_id === rootId);

  return (
    <section
      aria-labelledby={headingId}
      className={cn("flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4", className)}
      data-testid="comments-panel"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-bold text-fg text-lg">
        <MessageSquare className="size-5 text-muted" aria-hidden />
        {t("comments.title")}
      </h2>
      <p className="text-muted text-xs">{t("comments.private")}</p>
      {comments.isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted text-sm">
          <Spinner size="sm" />
          {t("comments.loading")}
        </p>
      ) : comments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-danger text-sm">
          {t("comments.error")}: {errorMessage(comments.error)}
          <Button size="sm" variant="outline" onClick={() => void comments.refetch()}>
            {t("comments.retry")}
          </Button>
        </div>
      ) : threads.length === 0 ? (
        <div className="text-sm">
          <p className="font-semibold text-fg">{t("comments.empty")}</p>
          {rights.comment && <p className="text-muted">{t("comments.emptyText")}</p>}
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {threads.map((root) => (
            <li key={root.id}>
              <CommentItem comment={root} rights={rights} type={type} id={id} />
              {replies(root.id).length > 0 && (
                <ul className="mt-2 ml-3 flex flex-col gap-2 border-border border-l-2 pl-3">
                  {replies(root.id).map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} rights={rights} type={type} id={id} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {comments.isSuccess &&
        (rights.comment ? (
          <Composer
            type={type}
            id={id}
            parentId={null}
            members={rights.members}
            label={t("comments.label")}
          />
        ) : (
          <AccessNote workspace={workspace} capability="comment" />
        ))}
    </section>
  );
}

function useRefresh(type: CommentItemType, id: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: collabKeys.comments(type, id) });
    void client.invalidateQueries({ queryKey: ["collab", "activity"] });
  };
}

function Composer({
  type,
  id,
  parentId,
  members,
  label,
  onDone,
}: {
  type: CommentItemType;
  id: string;
  parentId: string | null;
  members: readonly WorkspaceMember[];
  label: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation("collab");
  const [body, setBody] = useState("");
  const refresh = useRefresh(type, id);
  const post = useMutation({
    mutationFn: () => collabApi.comment(type, id, body, parentId),
    onSuccess: () => {
      setBody("");
      refresh();
      onDone?.();
    },
  });
  const submit = () => {
    if (body.trim() && !post.isPending) post.mutate();
  };
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <MentionTextarea
        value={body}
        onChange={setBody}
        members={members}
        label={label}
        onSubmit={submit}
        autoFocus={parentId !== null}
      />
      {post.isError && (
        <p role="alert" className="text-danger text-sm">
          {errorMessage(post.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {onDone && (
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            {t("comments.cancel")}
          </Button>
        )}
        <Button type="submit" size="sm" disabled={!body.trim()} loading={post.isPending}>
          {parentId === null ? t("comments.post") : t("comments.reply")}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  rights,
  type,
  id,
}: {
  comment: Comment;
  rights: Rights;
  type: CommentItemType;
  id: string;
}) {
  const { t, i18n } = useTranslation("collab");
  const [mode, setMode] = useState<"view" | "edit" | "reply">("view");
  const [draft, setDraft] = useState(comment.body);
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefresh(type, id);
  const own = comment.author !== null && comment.author.id === rights.userId;
  const edit = useMutation({
    mutationFn: () => collabApi.editComment(comment.id, draft),
    onSuccess: () => {
      setMode("view");
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => collabApi.deleteComment(comment.id),
    onSuccess: () => {
      setConfirming(false);
      refresh();
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(errorMessage(error));
    },
  });
  const name = comment.author ? personLabel(comment.author) : t("comments.formerMember");

  if (comment.deleted) {
    return <p className="text-muted text-sm italic">{t("comments.deleted")}</p>;
  }
  return (
    <article className="flex flex-col gap-1" aria-label={name}>
      <header className="flex flex-wrap items-baseline gap-x-2 text-xs">
        <span className="font-semibold text-fg text-sm">{name}</span>
        <time dateTime={comment.created_at} className="text-muted">
          {formatRelativeTime(comment.created_at, i18n.language)}
        </time>
        {comment.edited_at && <span className="text-muted">({t("comments.edited")})</span>}
      </header>
      {mode === "edit" ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) edit.mutate();
          }}
        >
          <MentionTextarea
            value={draft}
            onChange={setDraft}
            members={rights.members}
            label={t("comments.editLabel")}
            onSubmit={() => draft.trim() && edit.mutate()}
            autoFocus
          />
          {edit.isError && (
            <p role="alert" className="text-danger text-sm">
              {errorMessage(edit.error)}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" size="sm" variant="ghost" onClick={() => setMode("view")}>
              {t("comments.cancel")}
            </Button>
            <Button type="submit" size="sm" disabled={!draft.trim()} loading={edit.isPending}>
              {t("comments.save")}
            </Button>
          </div>
        </form>
      ) : (
        <p className="whitespace-pre-wrap break-words text-fg text-sm">
          {splitMentions(
            comment.body,
            comment.mentions.map((m) => m.username),
          ).map((part, index) =>
            part.kind === "mention" ? (
              // The mention as the team names the person, with the username written (issue 31).
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
              <mark key={index} className="rounded bg-primary-soft px-0.5 font-semibold text-primary-soft-fg">
                {mentionLabel(part.text, rights.members)}
              </mark>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
      )}
      {mode === "view" && (rights.comment || rights.moderate) && (
        <div className="flex flex-wrap gap-1">
          {rights.comment && (
            <Button size="sm" variant="ghost" onClick={() => setMode("reply")}>
              {t("comments.reply")}
            </Button>
          )}
          {own && rights.comment && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setDraft(comment.body);
                setMode("edit");
              }}
            >
              {t("comments.edit")}
            </Button>
          )}
          {((own && rights.comment) || rights.moderate) && (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              {t("comments.delete")}
            </Button>
          )}
        </div>
      )}
      {mode === "reply" && (
        <Composer
          type={type}
          id={id}
          parentId={comment.id}
          members={rights.members}
          label={t("comments.replyLabel", { name })}
          onDone={() => setMode("view")}
        />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("comments.deleteTitle")}
        message={t("comments.deleteText")}
        confirmLabel={t("comments.delete")}
        destructive
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </article>
  );
}
