#!/usr/bin/python3
# The UNO bridge of one warm LibreOffice instance (packages/engine/src/office/pool.ts).
#
# Runs under the system python3 that has python3-uno (/usr/bin/python3), connects to a soffice
# started with `--accept=pipe,name=<pipe>;urp;`, then reads one JSON request a line on stdin
# and answers one JSON line on stdout:
#
#   {"id": 1, "input": "/abs/in.docx", "output": "/abs/out.pdf", "filter": "...", "filterOptions": "..."}
#   -> {"id": 1, "ok": true, "family": "writer"}
#   -> {"id": 1, "ok": false, "kind": "load" | "password" | "export" | "disposed" | "internal", "message": "..."}
#   {"cmd": "terminate"} -> soffice is asked to quit, then the bridge exits.
#
# The first line written is {"event": "ready"} once the connection stands, or the bridge exits
# with status 2 when soffice cannot be reached within --connect-timeout seconds.
# Documents are loaded hidden, read-only, with macros never executed and links never updated;
# every interaction LibreOffice asks for (passwords, repair, filter options) is answered with
# Abort, so a document can never wait for a dialog nobody will see.

import argparse
import json
import sys
import time

import uno
import unohelper
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.lang import DisposedException
from com.sun.star.task import XInteractionHandler

# com.sun.star.document.MacroExecMode.NEVER_EXECUTE and UpdateDocMode.NO_UPDATE
NEVER_EXECUTE = 0
NO_UPDATE = 0

# Checked in this order: an Impress document also offers the DrawingDocument service.
EXPORT_FILTERS = [
    ('com.sun.star.text.WebDocument', 'writer', 'writer_web_pdf_Export'),
    ('com.sun.star.text.GlobalDocument', 'writer', 'writer_globaldocument_pdf_Export'),
    ('com.sun.star.text.TextDocument', 'writer', 'writer_pdf_Export'),
    ('com.sun.star.sheet.SpreadsheetDocument', 'calc', 'calc_pdf_Export'),
    ('com.sun.star.presentation.PresentationDocument', 'impress', 'impress_pdf_Export'),
    ('com.sun.star.drawing.DrawingDocument', 'draw', 'draw_pdf_Export'),
    ('com.sun.star.formula.FormulaProperties', 'math', 'math_pdf_Export'),
]


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


class AbortingHandler(unohelper.Base, XInteractionHandler):
    """Answers every request with Abort (or Disapprove); remembers whether a password was asked."""

    def __init__(self):
        self.password_requested = False

    def handle(self, request):
        what = request.getRequest()
        type_name = getattr(getattr(what, 'typeName', None), 'value', '') or type(what).__name__
        if 'Password' in str(type_name) or 'Password' in type(what).__name__:
            self.password_requested = True
        chosen = None
        for continuation in request.getContinuations():
            if continuation.queryInterface(uno.getTypeByName('com.sun.star.task.XInteractionAbort')):
                chosen = continuation
                break
        if chosen is None:
            for continuation in request.getContinuations():
                if continuation.queryInterface(uno.getTypeByName('com.sun.star.task.XInteractionDisapprove')):
                    chosen = continuation
                    break
        if chosen is not None:
            chosen.select()


def reply(message):
    sys.stdout.write(json.dumps(message) + '\n')
    sys.stdout.flush()


def connect(pipe, timeout):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext('com.sun.star.bridge.UnoUrlResolver', local)
    url = 'uno:pipe,name=%s;urp;StarOffice.ComponentContext' % pipe
    deadline = time.monotonic() + timeout
    while True:
        try:
            ctx = resolver.resolve(url)
            return ctx.ServiceManager.createInstanceWithContext('com.sun.star.frame.Desktop', ctx)
        except NoConnectException:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def family_of(doc):
    for service, family, export_filter in EXPORT_FILTERS:
        if doc.supportsService(service):
            return family, export_filter
    return None, None


def close_document(doc):
    try:
        doc.close(True)
    except Exception:
        try:
            doc.dispose()
        except Exception:
            pass


def went_away(err):
    """Whether an exception says the soffice at the other end of the bridge is gone."""
    message = str(err) or ''
    # binaryurp says "Binary URP bridge disposed during call" or "... already disposed".
    return ('Binary URP bridge' in message and 'disposed' in message) or 'DisposedException' in type(err).__name__


def convert(desktop, request):
    handler = AbortingHandler()
    load_props = [
        prop('Hidden', True),
        prop('ReadOnly', True),
        prop('MacroExecutionMode', NEVER_EXECUTE),
        prop('UpdateDocMode', NO_UPDATE),
        prop('InteractionHandler', handler),
    ]
    if request.get('filter'):
        load_props.append(prop('FilterName', request['filter']))
    if request.get('filterOptions'):
        load_props.append(prop('FilterOptions', request['filterOptions']))
    input_url = uno.systemPathToFileUrl(request['input'])
    output_url = uno.systemPathToFileUrl(request['output'])
    try:
        doc = desktop.loadComponentFromURL(input_url, '_blank', 0, tuple(load_props))
    except DisposedException:
        raise
    except Exception as err:  # IllegalArgumentException, IOException: LibreOffice cannot read it
        if went_away(err):
            # soffice died during the load (a RuntimeException, not a DisposedException): the
            # instance's failure, not the document's; main() reports it as 'disposed'.
            raise
        kind = 'password' if handler.password_requested else 'load'
        return {'ok': False, 'kind': kind, 'message': str(err) or type(err).__name__}
    if doc is None:
        kind = 'password' if handler.password_requested else 'load'
        return {'ok': False, 'kind': kind, 'message': 'LibreOffice could not load the document'}
    try:
        family, export_filter = family_of(doc)
        if export_filter is None:
            return {'ok': False, 'kind': 'load', 'message': 'not a document LibreOffice can print'}
        loaded_filter = ''
        for arg in doc.getArgs():
            if arg.Name == 'FilterName':
                loaded_filter = arg.Value
        try:
            doc.storeToURL(output_url, (prop('FilterName', export_filter), prop('Overwrite', True)))
        except DisposedException:
            raise
        except Exception as err:
            if went_away(err):
                raise
            return {'ok': False, 'kind': 'export', 'message': str(err) or type(err).__name__}
        return {'ok': True, 'family': family, 'importFilter': loaded_filter}
    finally:
        close_document(doc)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--pipe', required=True)
    parser.add_argument('--connect-timeout', type=float, default=60.0)
    args = parser.parse_args()
    try:
        desktop = connect(args.pipe, args.connect_timeout)
    except Exception as err:
        sys.stderr.write('bridge: cannot connect to soffice: %s\n' % err)
        sys.exit(2)
    reply({'event': 'ready'})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        if request.get('cmd') == 'terminate':
            try:
                desktop.terminate()
            except Exception:
                pass  # soffice already gone, or it quit before answering: both are what we want
            return
        try:
            result = convert(desktop, request)
        except DisposedException as err:
            # soffice died under us: say so and exit, the pool restarts the instance.
            reply({'id': request.get('id'), 'ok': False, 'kind': 'disposed', 'message': str(err)})
            sys.exit(3)
        except Exception as err:
            message = str(err) or type(err).__name__
            if went_away(err):
                reply({'id': request.get('id'), 'ok': False, 'kind': 'disposed', 'message': message})
                sys.exit(3)
            reply({'id': request.get('id'), 'ok': False, 'kind': 'internal', 'message': message})
            continue
        result['id'] = request.get('id')
        reply(result)


if __name__ == '__main__':
    main()
