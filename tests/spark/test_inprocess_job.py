"""The in-process Spark recipe (report_inprocess_job.py) gives exactly the
report urlbnf gives on one machine: the 1,000,000 URLs of test_report_job.py
in 8 partitions, from a Parquet column under local[2], and from the text
file on a standalone cluster (a master and two workers on loopback) whose
executors call the `urlbnf` package inside their Python workers.

    python tests/spark/test_inprocess_job.py target/debug/urlbnf

Needs PySpark, pyarrow, pandas and the urlbnf package in this Python, and
Java 17; `.ci/run` installs and runs it. The executors run this same Python
(PYSPARK_PYTHON): on one machine the environment's path is the same for
every worker, so nothing is shipped; on a cluster the environment travels as
an archive (see the job's docstring and the manual's "Python" chapter).
"""

import glob
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from test_report_job import LINES, PARTITIONS, check, run, spark_env, standalone_cluster, urls  # noqa: E402


def submit(*args, master="local[2]"):
    home, env = spark_env()
    spark = os.path.join(home, "bin", "spark-submit")
    return run([spark, "--master", master, os.path.join(HERE, "report_inprocess_job.py"), *args], env=env)


def main():
    import urlbnf

    command = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="urlbnf-spark-inprocess-")
    text = os.path.join(tmp, "urls.txt")
    with open(text, "w") as f:
        for u in urls(LINES):
            f.write(u + "\n")
    whole = json.loads(run([command, "report", "--json", text]).stdout)
    assert whole["inputs"] == LINES

    from pyspark.sql import SparkSession
    spark = SparkSession.builder.master("local[2]").getOrCreate()
    table = os.path.join(tmp, "urls.parquet")
    spark.read.text(text).withColumnRenamed("value", "url").write.parquet(table)
    spark.stop()
    job = submit(table, "--parquet", "url", "--partitions", str(PARTITIONS))
    check("in process, parquet column", job, whole)

    # Executors are separate JVMs with Python workers of their own, each
    # importing urlbnf from the environment PYSPARK_PYTHON names.
    with standalone_cluster(tmp) as master:
        job = submit(text, "--partitions", str(PARTITIONS), master=master)
        check(f"in process, standalone cluster ({master}, 2 workers)", job, whole)
        logs = glob.glob(os.path.join(tmp, "work-*", "app-*", "*", "stderr"))
        assert len({os.path.dirname(os.path.dirname(l)) for l in logs}) >= 1, logs
    print(f"urlbnf {urlbnf.__version__} in the executors' Python: {sys.executable}")


if __name__ == "__main__":
    main()
